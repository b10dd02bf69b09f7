import type { PackModel, SymbolCollector } from "../../model/pack-model-type";
import { EVERY_CASE, nameIn, type SymbolKind } from "../../model/symbols";
import { referencedSymbol } from "../../model/references";
import { writtenPayload } from "../../model/case-payload";
import { caseEvidencePaths } from "./evidence-paths";
import type { Span } from "../../types";
import { enums } from "../../catalog";
import { goTrim } from "../../util/go-quote";
import { list, Obj, obj, SPEC, str } from "./read";

/**
 * Navigation symbols of the evaluation_spec: validator, metric, judge, dimension and post_execution_check
 * keys, and every reference to them (the catalog's `cross_references`, server/data/pack-rules.json): dimensions' validators[], metric and judge_key, and
 * validator targets that name a check (`file:<check>`, or a code_execution target without the prefix); a dimension
 * of source `validators` with no list reads every validator (an implicit reference at its key).
 * Names are compared as the reference compares them: keys trimmed, dimension validators[] as written.
 * Evidence paths (`case.inputs.<k>`, `case.expectations.<k>`, `case.payload.<f>`) refer to that key in every case
 * (EVERY_CASE); where a path reads the payload, the payload fields of every case are declared here.
 */
const BUILTIN = enums.builtin_dimension_keys.values as Record<string, { source: string }>;
const DIMENSION = `${SPEC}.scorecard.dimensions[]`;
const validatorOfDimension = referencedSymbol(DIMENSION, "validators");
const metricOfDimension = referencedSymbol(DIMENSION, "metric");
const judgeOfDimension = referencedSymbol(DIMENSION, "judge_key");

export const evaluationSpecSymbols: SymbolCollector = (model) => {
  const spec = obj(model.bundle.version.evaluation_spec);
  if (!spec) return;
  const { at, symbols, text } = model;
  const entry = (kind: SymbolKind, name: string, span: Span, field: string) => ({ kind, name, span: nameIn(text, span, name), scope: "", field });
  const declareKey = (kind: SymbolKind, owner: Obj, field: string) => {
    const name = goTrim(str(owner.key));
    if (name !== "" && at.has(owner, "key")) symbols.declare(entry(kind, name, at.value(owner, "key"), `${field}.key`));
  };
  const refer = (kind: SymbolKind, owner: Obj, key: string, name: string, field: string) => {
    if (name !== "" && at.has(owner, key)) symbols.reference(entry(kind, name, at.value(owner, key), field));
  };

  const declareAll = (kind: SymbolKind, items: unknown, path: string) =>
    list(items).forEach((item, i) => {
      const o = obj(item);
      if (o) declareKey(kind, o, `${SPEC}.${path}[${i}]`);
    });
  declareAll("validator", spec.validators, "validators");
  declareAll("metric", spec.metrics, "metrics");
  declareAll("judge", spec.llm_judges, "llm_judges");
  declareAll("check", spec.post_execution_checks, "post_execution_checks");

  list(spec.validators).forEach((item, i) => {
    const v = obj(item);
    if (!v) return;
    const target = goTrim(str(v.target));
    const check = target.startsWith("file:") ? target.slice("file:".length) : v.type === "code_execution" ? target : "";
    refer("check", v, "target", check, `${SPEC}.validators[${i}].target`);
  });

  const validatorNames = [
    ...new Set(
      list(spec.validators)
        .map((v) => goTrim(str(obj(v)?.key)))
        .filter((n) => n !== ""),
    ),
  ];
  /** A dimension of source `validators` (written, or a built-in key's) with no `validators` list reads every validator. */
  const readsEveryValidator = (key: string, source: string, span: Span, p: string) => {
    if ((source || BUILTIN[key]?.source) !== "validators") return;
    for (const name of validatorNames) symbols.reference({ kind: "validator", name, span, scope: "", field: `${p}.key`, implicit: true });
  };
  const dims = list(obj(spec.scorecard)?.dimensions);
  dims.forEach((item, i) => {
    const p = `${SPEC}.scorecard.dimensions[${i}]`;
    if (typeof item === "string") {
      // A dimension written as a plain string (before normalization turns it into an object).
      const name = goTrim(item);
      if (name === "") return;
      const span = nameIn(text, at.item(dims, i), name);
      symbols.declare(entry("dimension", name, at.item(dims, i), `${p}.key`));
      readsEveryValidator(name, "", span, p);
      return;
    }
    const d = obj(item);
    if (!d) return;
    declareKey("dimension", d, p);
    const validators = list(d.validators);
    const key = goTrim(str(d.key));
    if (validators.length === 0 && key !== "" && at.has(d, "key")) readsEveryValidator(key, str(d.source), nameIn(text, at.value(d, "key"), key), p);
    validators.forEach((v, k) => {
      if (typeof v === "string" && v !== "") symbols.reference(entry(validatorOfDimension, v, at.item(validators, k), `${p}.validators[${k}]`));
    });
    refer(metricOfDimension, d, "metric", goTrim(str(d.metric)), `${p}.metric`);
    refer(judgeOfDimension, d, "judge_key", goTrim(str(d.judge_key)), `${p}.judge_key`);
  });

  const paths = caseEvidencePaths(spec, at, text);
  for (const p of paths) {
    if (p.nameSpan) symbols.reference({ kind: p.kind, name: p.name, span: p.nameSpan, scope: EVERY_CASE, field: p.field });
  }
  if (paths.some((p) => p.kind === "payload")) declarePayloadFields(model);
};

/**
 * The top-level keys of every case's payload, which `case.payload.<f>` reads: declared only where the spec has such
 * a path (large packs write many payload keys, and nothing else refers to them). A key written once and read by
 * several cases (an aliased payload, a merged anchor) is declared once: it is one text to rename.
 */
function declarePayloadFields(model: PackModel): void {
  const { bundle, at, sources, symbols, text } = model;
  const seen = new Set<number>();
  bundle.input_sets.forEach((set, i) =>
    set.cases.forEach((_, j) => {
      const payload = writtenPayload(set, j, sources);
      for (const k of payload ? Object.keys(payload) : []) {
        const span = at.has(payload, k) ? nameIn(text, at.key(payload, k), k) : undefined;
        if (k === "" || !span || seen.has(span.start)) continue;
        seen.add(span.start);
        const scope = `input_sets[${i}].cases[${j}]`;
        symbols.declare({ kind: "payload", name: k, span, scope, field: `${scope}.payload` });
      }
    }),
  );
}
