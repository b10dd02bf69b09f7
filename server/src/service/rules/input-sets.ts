import type { Rule, RuleContext } from "./context";
import type { Span } from "../types";
import { goTrim } from "../util/go-quote";
import type { Case } from "../model/bundle";
import { CASE_ASSET_CODES, checkArtifactRefs, checkAssets, versionAssetKeys } from "./assets";
import { checkKey, duplicateOf, FirstSeen, type KeyCodes } from "./unique-keys";
import { CleanCases } from "./clean-cases";

/** A case's own checks (its assets, artifacts, inputs, expectations) read the case and the version's asset keys. */
const caseChecks = new CleanCases();

/** V08: input sets and their cases, with each case's assets, artifacts, inputs and expectations (`ValidateBundle`, runtime/challengepack/validation.go). */
export const inputSetRules: Rule = (ctx) => {
  const assetKeys = versionAssetKeys(ctx);
  const assetFingerprint = [...assetKeys].join("\u0000");
  const challengeKeys = new Set(ctx.bundle.challenges.map((c) => c.key).filter((k) => k !== ""));
  const seen = new FirstSeen();
  ctx.bundle.input_sets.forEach((set, i) => {
    const p = `input_sets[${i}]`;
    const keySpan = ctx.at.value(set, "key");
    checkKey(ctx, seen, set.key, `${p}.key`, keySpan, { required: "input-set-key-required", duplicate: "input-set-key-duplicate" }, `input set "${set.key}"`);
    if (set.name === "") ctx.report("input-set-name-required", `${p}.name`, ctx.at.value(set, "name"));
    if (set.cases.length === 0) {
      ctx.report(
        "input-set-cases-empty",
        `${p}.cases`,
        ctx.at.value(set, set.fromItems || (ctx.at.has(set, "items") && !ctx.at.has(set, "cases")) ? "items" : "cases"),
      );
    }
    let reference = "";
    let referenceSpan = keySpan;
    const caseKeys = new FirstSeen();
    set.cases.forEach((c, j) => {
      const cp = `${p}.cases[${j}]`;
      const ckSpan = ctx.at.value(c, "challenge_key");
      if (c.challenge_key === "") ctx.report("case-challenge-key-required", `${cp}.challenge_key`, ckSpan);
      else {
        if (reference === "") {
          reference = c.challenge_key;
          referenceSpan = ckSpan;
        } else if (c.challenge_key !== reference) {
          ctx.report("case-challenge-key-mixed", `${cp}.challenge_key`, ckSpan, {
            related: [{ span: referenceSpan, message: `the input set's first case uses "${reference}"` }],
            data: { setIndex: i, reference },
          });
        }
        if (!challengeKeys.has(c.challenge_key)) {
          ctx.report("case-challenge-key-undeclared", `${cp}.challenge_key`, ckSpan, { data: { kind: "challenge", name: c.challenge_key } });
        }
      }
      const caseKeySpan = ctx.at.value(c, ctx.at.has(c, "case_key") ? "case_key" : "item_key");
      if (c.case_key === "") ctx.report("case-key-required", `${cp}.case_key`, caseKeySpan);
      else {
        const first = caseKeys.check(`${c.challenge_key}\u0000${c.case_key}`, caseKeySpan);
        if (first) ctx.report("case-key-duplicate", `${cp}.case_key`, caseKeySpan, duplicateOf(first, `case "${c.case_key}"`));
      }
      caseChecks.check(ctx, c, assetFingerprint, () => {
        checkAssets(ctx, c.assets, `${cp}.assets`, CASE_ASSET_CODES);
        checkArtifactRefs(
          ctx,
          c.artifacts,
          `${cp}.artifacts`,
          {
            required: "case-artifact-key-required",
            duplicate: "case-artifact-key-duplicate",
            undeclared: "case-artifact-undeclared",
          },
          assetKeys,
        );
        checkInputs(ctx, c, cp, assetKeys);
        checkExpectations(ctx, c, cp, assetKeys);
      });
    });
  });
};

function checkInputs(ctx: RuleContext, c: Case, cp: string, assetKeys: ReadonlySet<string>): void {
  const seen = new FirstSeen();
  c.inputs.forEach((input, k) => {
    checkEntry(ctx, seen, input, `${cp}.inputs[${k}]`, CASE_INPUT_CODES, "input", assetKeys);
  });
}

function checkExpectations(ctx: RuleContext, c: Case, cp: string, assetKeys: ReadonlySet<string>): void {
  const inputKeys = new Set(c.inputs.map((i) => i.key));
  const seen = new FirstSeen();
  c.expectations.forEach((e, k) => {
    const p = `${cp}.expectations[${k}]`;
    checkEntry(ctx, seen, e, p, CASE_EXPECTATION_CODES, "expectation", assetKeys);
    checkSource(ctx, e.source, `${p}.source`, ctx.at.value(e, "source"), inputKeys, assetKeys, CASE_EXPECTATION_SOURCE_CODES);
  });
}

/** The codes of one kind of entry: case inputs, case expectations, scripted turn expectations. */
export interface EntryCodes {
  key: KeyCodes;
  kindRequired: string;
  artifactKeyUndeclared: string;
}

const CASE_INPUT_CODES: EntryCodes = {
  key: { required: "case-input-key-required", duplicate: "case-input-key-duplicate" },
  kindRequired: "case-input-kind-required",
  artifactKeyUndeclared: "case-input-artifact-key-undeclared",
};

const CASE_EXPECTATION_CODES: EntryCodes = {
  key: { required: "case-expectation-key-required", duplicate: "case-expectation-key-duplicate" },
  kindRequired: "case-expectation-kind-required",
  artifactKeyUndeclared: "case-expectation-artifact-key-undeclared",
};

/** The codes of an expectation's `source`. */
export interface SourceCodes {
  inputKeyEmpty: string;
  inputUndeclared: string;
  artifactKeyEmpty: string;
  artifactUndeclared: string;
  prefixInvalid: string;
}

const CASE_EXPECTATION_SOURCE_CODES: SourceCodes = {
  inputKeyEmpty: "case-expectation-source-input-key-empty",
  inputUndeclared: "case-expectation-source-input-undeclared",
  artifactKeyEmpty: "case-expectation-source-artifact-key-empty",
  artifactUndeclared: "case-expectation-source-artifact-undeclared",
  prefixInvalid: "case-expectation-source-prefix-invalid",
};

/**
 * What every case input and expectation needs (`ValidateBundle`, runtime/challengepack/validation.go; scripted turn expectations reuse it with their own
 * codes, on values that may be of the wrong type): a key, unique in its list, a kind, and an artifact_key, when
 * set, declared as a version asset.
 */
export function checkEntry(
  ctx: RuleContext,
  seen: FirstSeen,
  entry: { key?: unknown; kind?: unknown; artifact_key?: unknown },
  p: string,
  codes: EntryCodes,
  what: string,
  assetKeys: ReadonlySet<string>,
): void {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const key = text(entry.key);
  checkKey(ctx, seen, key, `${p}.key`, ctx.at.value(entry, "key"), codes.key, `${what} "${key}"`);
  if (text(entry.kind) === "") ctx.report(codes.kindRequired, `${p}.kind`, ctx.at.value(entry, "kind"));
  const artifactKey = text(entry.artifact_key);
  if (artifactKey !== "" && !assetKeys.has(artifactKey)) {
    ctx.report(codes.artifactKeyUndeclared, `${p}.artifact_key`, ctx.at.value(entry, "artifact_key"), {
      data: { kind: "asset", name: artifactKey },
    });
  }
}

/**
 * The `source` grammar: empty, `input:<key>` of the same case, or `artifact:<version asset>`.
 * Shared with user-simulator turn expectations, which use their own codes and do not trim.
 */
export function checkSource(
  ctx: RuleContext,
  source: string,
  field: string,
  span: Span,
  inputKeys: ReadonlySet<string>,
  assetKeys: ReadonlySet<string>,
  codes: SourceCodes,
  trim: (s: string) => string = goTrim,
): void {
  if (source === "") return;
  if (source.startsWith("input:")) {
    const key = trim(source.slice("input:".length));
    if (key === "") ctx.report(codes.inputKeyEmpty, field, span);
    else if (!inputKeys.has(key)) {
      ctx.report(codes.inputUndeclared, field, ctx.nameSpan(span, key), { data: { kind: "input", name: key } });
    }
  } else if (source.startsWith("artifact:")) {
    const key = trim(source.slice("artifact:".length));
    if (key === "") ctx.report(codes.artifactKeyEmpty, field, span);
    else if (!assetKeys.has(key)) {
      ctx.report(codes.artifactUndeclared, field, ctx.nameSpan(span, key), { data: { kind: "asset", name: key } });
    }
  } else {
    ctx.report(codes.prefixInvalid, field, span);
  }
}
