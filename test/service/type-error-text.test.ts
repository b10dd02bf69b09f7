import { test } from "node:test";
import assert from "node:assert/strict";
import { buildPackModel, packDiagnostics } from "../../server/src/service";
import { displayMessage } from "../../server/src/service/diagnostic-text";
import { typeErrorText } from "../../server/src/service/type-error-text";
import { pack } from "../helpers/packs";

test("type errors in Go's words read in an author's words; other messages are left alone", () => {
  const cases: [string, string][] = [
    ["json: cannot unmarshal number into Go struct field .config.case_sensitive of type bool", "f: expected true or false, got a number"],
    ["json: cannot unmarshal string into Go struct field .custom of type []main.CustomTool", "f: expected a list, got a string"],
    ["json: cannot unmarshal array into Go struct field Schema.properties of type map[string]json.RawMessage", "f: expected a mapping, got a list"],
    ["json: cannot unmarshal number 1.5 into Go struct field .max of type int32", "f: expected a whole number, got a number (`1.5`)"],
    ["json: cannot unmarshal object into Go value of type string", "f: expected a string, got a mapping"],
    ["json: cannot unmarshal bool into Go struct field .x of type *scoring.Mode", "f: expected a value of another kind, got true or false"],
  ];
  for (const [message, text] of cases) assert.equal(typeErrorText("f", message), text, message);
  assert.equal(typeErrorText("f", "is required"), undefined);
});

test("a tool's type error is shown without Go's type names; its message stays the reference's", () => {
  const found = packDiagnostics(buildPackModel(pack({ extra: "tools:\n  custom: 5\n" }), "file:///t.pack.yaml"));
  const typeError = found.find((d) => /Go struct field/.test(d.message));
  assert.ok(typeError, JSON.stringify(found.map((d) => d.message)));
  const shown = displayMessage(typeError);
  assert.doesNotMatch(shown, /Go struct field|\[\]|of type/);
  assert.match(shown, /expected a list, got a number/);
});
