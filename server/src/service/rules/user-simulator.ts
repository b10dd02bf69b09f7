import type { Rule, RuleContext } from "./context";
import type { Case, Expectation, UserSimulator, UserSimulatorPhase } from "../model/bundle";
import { enumValues } from "../catalog";
import { goTrim } from "../util/go-quote";
import { versionAssetKeys } from "./assets";
import { duplicateOf, FirstSeen } from "./unique-keys";
import { checkEntry, checkSource, type EntryCodes, type SourceCodes } from "./input-sets";
import { caseTemplateContext, checkCaseTemplate } from "./case-templates";

/** A field the decoder rejected (type error) is left undefined; the reference would see its zero value. */
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

/**
 * V15 (runtime/challengepack/user_simulator_validate.go): a multi_turn pack needs a user_simulator on every case, any other pack may have none.
 * The spec is checked as written (never normalized); scripted turn messages are case templates.
 */
export const userSimulatorRules: Rule = (ctx) => {
  const multiTurn = ctx.bundle.version.execution_mode === "multi_turn";
  const assetKeys = versionAssetKeys(ctx);
  ctx.bundle.input_sets.forEach((set, i) => {
    set.cases.forEach((c, j) => {
      const p = `input_sets[${i}].cases[${j}].user_simulator`;
      if (!c.user_simulator) {
        if (multiTurn) ctx.report("user-simulator-required", p, ctx.at.value(c, "user_simulator"));
        return;
      }
      if (!multiTurn) {
        ctx.report("user-simulator-forbidden", p, ctx.at.key(c, "user_simulator"), {
          related: [{ span: ctx.at.value(ctx.bundle.version, "execution_mode"), message: "the pack's execution mode" }],
        });
        return;
      }
      checkSpec(ctx, p, c.user_simulator, c, assetKeys);
    });
  });
};

function checkSpec(ctx: RuleContext, p: string, spec: UserSimulator, c: Case, assetKeys: ReadonlySet<string>): void {
  if (num(spec.schema_version) !== 1) {
    ctx.report("user-simulator-schema-version", `${p}.schema_version`, ctx.at.value(spec, "schema_version"), { data: { expected: ["1"] } });
  }
  if (goTrim(str(spec.kind)) !== "hybrid") {
    ctx.report("user-simulator-kind", `${p}.kind`, ctx.at.value(spec, "kind"), { data: { expected: enumValues("user_simulator_kind") } });
  }
  if (num(spec.max_turns) < 0) ctx.report("user-simulator-max-turns-negative", `${p}.max_turns`, ctx.at.value(spec, "max_turns"));
  const phases = spec.phases ?? [];
  if (phases.length === 0) ctx.report("user-simulator-phases-empty", `${p}.phases`, ctx.at.value(spec, "phases"));

  const inputKeys = new Set(c.inputs.map((input) => str(input.key)).filter((k) => k !== ""));
  const ids = new FirstSeen();
  phases.forEach((phase, k) => {
    const pp = `${p}.phases[${k}]`;
    checkPhase(ctx, pp, phase, k === 0, inputKeys, assetKeys);
    const id = goTrim(str(phase.id));
    if (id !== "") {
      const idSpan = ctx.at.value(phase, "id");
      const first = ids.check(id, idSpan);
      if (first) ctx.report("phase-id-duplicate", `${pp}.id`, idSpan, duplicateOf(first, `phase "${id}"`));
    }
  });

  const calibration = spec.calibration;
  if (calibration?.enabled === true) {
    const rate = num(calibration.sample_rate);
    if (rate <= 0 || rate > 1) {
      ctx.report("calibration-sample-rate-range", `${p}.calibration.sample_rate`, ctx.at.value(calibration, "sample_rate"));
    }
  }
  const arena = spec.post_run?.arena;
  if (arena?.enabled === true) {
    const comparison = goTrim(str(arena.comparison));
    const comparisons = enumValues("user_simulator_arena_comparison");
    if (comparison !== "" && !comparisons.includes(comparison)) {
      ctx.report("arena-comparison-invalid", `${p}.post_run.arena.comparison`, ctx.at.value(arena, "comparison"), {
        data: { expected: comparisons },
      });
    }
  }

  const context = caseTemplateContext(c);
  phases.forEach((phase, k) => {
    if (goTrim(str(phase.actor)) !== "scripted") return;
    (phase.turns ?? []).forEach((turn, t) => {
      checkCaseTemplate(ctx, str(turn.message), context, `${p}.phases[${k}].turns[${t}].message`, ctx.at.value(turn, "message"), {
        unresolved: "turn-message-template-unresolved",
        invalid: "turn-message-template-invalid-path",
      });
    });
  });
}

function checkPhase(
  ctx: RuleContext,
  pp: string,
  phase: UserSimulatorPhase,
  isFirst: boolean,
  inputKeys: ReadonlySet<string>,
  assetKeys: ReadonlySet<string>,
): void {
  if (goTrim(str(phase.id)) === "") ctx.report("phase-id-required", `${pp}.id`, ctx.at.value(phase, "id"));
  const actor = goTrim(str(phase.actor));
  const actors = enumValues("user_simulator_actor");
  if (actor === "") ctx.report("phase-actor-required", `${pp}.actor`, ctx.at.value(phase, "actor"));
  else if (!actors.includes(actor)) {
    ctx.report("phase-actor-invalid", `${pp}.actor`, ctx.at.value(phase, "actor"), { data: { expected: actors } });
  }

  const trigger = goTrim(str(phase.trigger)) || "always";
  const triggerSpan = ctx.at.value(phase, "trigger");
  const triggers = enumValues("user_simulator_trigger");
  if (!triggers.includes(trigger)) {
    ctx.report("phase-trigger-unsupported", `${pp}.trigger`, triggerSpan, { data: { expected: triggers } });
  }
  if (isFirst && trigger !== "always") ctx.report("phase-first-trigger", `${pp}.trigger`, triggerSpan);
  if (!isFirst && trigger === "always") {
    ctx.report("phase-later-always", `${pp}.trigger`, triggerSpan, { data: { expected: triggers.filter((t) => t !== "always") } });
  }

  switch (actor) {
    case "scripted": {
      const turns = phase.turns ?? [];
      if (turns.length === 0) ctx.report("phase-scripted-turns-empty", `${pp}.turns`, ctx.at.value(phase, "turns"));
      turns.forEach((turn, t) => {
        const tp = `${pp}.turns[${t}]`;
        if (goTrim(str(turn.message)) === "") {
          ctx.report("phase-turn-message-required", `${tp}.message`, ctx.at.value(turn, "message"));
        }
        checkTurnExpects(ctx, turn.expects ?? [], `${tp}.expects`, inputKeys, assetKeys);
      });
      break;
    }
    case "llm":
      if (goTrim(str(phase.persona)) === "") ctx.report("phase-llm-persona-required", `${pp}.persona`, ctx.at.value(phase, "persona"));
      if (num(phase.max_turns) < 0) ctx.report("phase-llm-max-turns-negative", `${pp}.max_turns`, ctx.at.value(phase, "max_turns"));
      (phase.until ?? []).forEach((condition, u) => {
        if (goTrim(str(condition)) === "") {
          ctx.report("phase-llm-until-empty", `${pp}.until[${u}]`, ctx.at.itemOr(phase.until, u, phase, "until"));
        }
      });
      break;
    case "human":
      if (num(phase.timeout_ms) < 0) ctx.report("phase-human-timeout-negative", `${pp}.timeout_ms`, ctx.at.value(phase, "timeout_ms"));
      break;
  }

  // An empty actor already has its own error; a model hint on it would mislead.
  if (goTrim(str(phase.model)) !== "" && actor !== "" && actor !== "llm") {
    ctx.report("phase-model-non-llm", `${pp}.model`, ctx.at.value(phase, "model"));
  }
}

const TURN_EXPECT_CODES: EntryCodes = {
  key: { required: "turn-expect-key-required", duplicate: "turn-expect-key-duplicate" },
  kindRequired: "turn-expect-kind-required",
  artifactKeyUndeclared: "turn-expect-artifact-key-undeclared",
};

const TURN_EXPECT_SOURCE_CODES: SourceCodes = {
  inputKeyEmpty: "turn-expect-source-input-key-empty",
  inputUndeclared: "turn-expect-source-input-undeclared",
  artifactKeyEmpty: "turn-expect-source-artifact-key-empty",
  artifactUndeclared: "turn-expect-source-artifact-undeclared",
  prefixInvalid: "turn-expect-source-prefix-invalid",
};

/** Scripted turn expectations: the case-expectation checks on the raw (untrimmed) values. */
function checkTurnExpects(ctx: RuleContext, expects: Expectation[], prefix: string, inputKeys: ReadonlySet<string>, assetKeys: ReadonlySet<string>): void {
  const seen = new FirstSeen();
  expects.forEach((e, k) => {
    const p = `${prefix}[${k}]`;
    checkEntry(ctx, seen, e, p, TURN_EXPECT_CODES, "expectation", assetKeys);
    checkSource(ctx, str(e.source), `${p}.source`, ctx.at.value(e, "source"), inputKeys, assetKeys, TURN_EXPECT_SOURCE_CODES);
  });
}
