import { after, before } from "node:test";
import { buildPackModel } from "../../server/src/service";
import { nameIn, SymbolCollector, symbolCollectors } from "../../server/src/service/model/collect-symbols";
import type { SymbolKind } from "../../server/src/service/model/symbols";
import { pack } from "./packs";

/**
 * The features are generic over the symbol table; the evaluation_spec's collectors belong to another area.
 * Tests that need validators, judges, metrics, checks and dimensions in the table register this stand-in
 * for the duration of their file, unless the real collectors already provide them.
 */
const standIn: SymbolCollector = (model) => {
  const { at, text, symbols } = model;
  const spec = model.bundle.version.evaluation_spec as Record<string, unknown> | undefined;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const add = (how: "declare" | "reference", kind: SymbolKind, o: Record<string, unknown>, key: string, field: string) => {
    const name = o[key];
    if (typeof name !== "string" || name.trim() === "" || !at.has(o, key)) return;
    symbols[how]({ kind, name: name.trim(), span: nameIn(text, at.value(o, key), name.trim()), scope: "", field });
  };
  const decls: [string, SymbolKind][] = [["validators", "validator"], ["metrics", "metric"], ["llm_judges", "judge"], ["post_execution_checks", "check"]];
  for (const [key, kind] of decls) {
    list(spec?.[key]).forEach((v, i) => {
      const o = obj(v);
      if (o) add("declare", kind, o, "key", `version.evaluation_spec.${key}[${i}].key`);
    });
  }
  const dims = list(obj(spec?.scorecard)?.dimensions);
  dims.forEach((d, i) => {
    const o = obj(d);
    const p = `version.evaluation_spec.scorecard.dimensions[${i}]`;
    if (!o) return;
    add("declare", "dimension", o, "key", `${p}.key`);
    add("reference", "metric", o, "metric", `${p}.metric`);
    add("reference", "judge", o, "judge_key", `${p}.judge_key`);
    const validators = o.validators;
    list(validators).forEach((name, k) => {
      if (typeof name !== "string" || name === "") return;
      const span = at.item(validators as unknown[], k);
      symbols.reference({ kind: "validator", name, span: nameIn(text, span, name), scope: "", field: `${p}.validators[${k}]` });
    });
  });
};

function realCollectorsPresent(): boolean {
  return buildPackModel(pack()).symbols.declarations.some((d) => d.kind === "validator");
}

/** Registers the stand-in collector for the current test file (when needed). */
export function useEvalSymbols(): void {
  let added = false;
  before(() => {
    if (realCollectorsPresent()) return;
    symbolCollectors.push(standIn);
    added = true;
  });
  after(() => {
    if (added) symbolCollectors.splice(symbolCollectors.indexOf(standIn), 1);
  });
}
