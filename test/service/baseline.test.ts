import { test } from "node:test";
import { expectValid } from "../helpers/expect";
import { pack } from "../helpers/packs";

test("the helpers' base pack is valid", () => {
  expectValid(pack());
});
