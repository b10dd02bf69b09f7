import type { SymbolCollector } from "./pack-model-type";
import { nameIn, type SymbolKind } from "./symbols";
import { referencedSymbol } from "./references";

const CASE = "input_sets[].cases[]";
const challengeOfCase = referencedSymbol(CASE, "challenge_key");
const assetOfRef = referencedSymbol("artifact_ref", "key");
const assetOfInput = referencedSymbol(`${CASE}.inputs[]`, "artifact_key");
const assetOfExpectation = referencedSymbol("expectation", "artifact_key");

/** The keys of challenges, input sets, cases, inputs, expectations and assets, and the references to them. */
export const packKeySymbols: SymbolCollector = (model) => {
  const { bundle: b, at, symbols, text } = model;
  const declare = (kind: SymbolKind, obj: object, key: string, name: string, field: string, scope = "") => {
    if (name !== "" && at.has(obj, key)) symbols.declare({ kind, name, span: nameIn(text, at.value(obj, key), name), scope, field });
  };
  const refer = (kind: SymbolKind, obj: object, key: string, name: string, field: string, scope = "") => {
    if (name !== "" && at.has(obj, key)) symbols.reference({ kind, name, span: nameIn(text, at.value(obj, key), name), scope, field });
  };

  b.version.assets.forEach((a, k) => declare("asset", a, "key", a.key, `version.assets[${k}].key`));
  b.challenges.forEach((c, i) => {
    declare("challenge", c, "key", c.key, `challenges[${i}].key`);
    c.artifact_refs.forEach((r, k) => refer(assetOfRef, r, "key", r.key, `challenges[${i}].artifact_refs[${k}].key`));
  });
  b.input_sets.forEach((set, i) => {
    declare("input-set", set, "key", set.key, `input_sets[${i}].key`);
    set.cases.forEach((c, j) => {
      const cp = `input_sets[${i}].cases[${j}]`;
      refer(challengeOfCase, c, "challenge_key", c.challenge_key, `${cp}.challenge_key`);
      declare("case", c, at.has(c, "case_key") ? "case_key" : "item_key", c.case_key, `${cp}.case_key`, `input_sets[${i}]`);
      c.artifacts.forEach((r, k) => refer(assetOfRef, r, "key", r.key, `${cp}.artifacts[${k}].key`));
      c.inputs.forEach((input, k) => {
        declare("input", input, "key", input.key, `${cp}.inputs[${k}].key`, cp);
        refer(assetOfInput, input, "artifact_key", input.artifact_key, `${cp}.inputs[${k}].artifact_key`);
      });
      c.expectations.forEach((e, k) => {
        const ep = `${cp}.expectations[${k}]`;
        declare("expectation", e, "key", e.key, `${ep}.key`, cp);
        refer(assetOfExpectation, e, "artifact_key", e.artifact_key, `${ep}.artifact_key`);
        // A `source` (referenceOf: "source") names an input of the same case or a version asset.
        const m = /^(input|artifact):(.*)$/s.exec(e.source);
        if (m) refer(m[1] === "input" ? "input" : "asset", e, "source", m[2].trim(), `${ep}.source`, m[1] === "input" ? cp : "");
      });
    });
  });
};
