import { test } from "node:test";
import { rng } from "../fuzz/mutate";
import { checkPackFeatures } from "../fuzz/check-features";
import { withinBounds } from "../helpers/bounds";
import { hostileDocuments } from "./documents";

/** Every feature the server offers, at random positions of each hostile document, within bounds. */
for (const [name, text] of Object.entries(hostileDocuments())) {
  test(`every feature on a hostile document: ${name}`, { timeout: 120_000 }, () => {
    withinBounds(name, { heapMB: 200 }, () => checkPackFeatures(text, rng(name.length), 20, undefined));
  });
}
