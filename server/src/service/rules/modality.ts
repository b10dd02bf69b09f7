import type { Rule } from "./context";
import { enumValues } from "../catalog";
import { isBlank } from "../util/go-quote";

/** V03 modality, interface_spec and scenario (`ValidateBundle`, runtime/challengepack/validation.go). */
export const modalityRules: Rule = (ctx) => {
  const b = ctx.bundle;
  const at = ctx.at;
  if (b.modality === "") {
    if (b.interface_spec) ctx.report("modality-required-for-interface-spec", "modality", at.key(b, "interface_spec"));
    if (b.scenario) ctx.report("modality-required-for-scenario", "modality", at.key(b, "scenario"));
    return;
  }
  if (b.modality !== "voice") {
    ctx.report("modality-invalid", "modality", at.value(b, "modality"), { data: { expected: enumValues("modality") } });
    return;
  }
  const spec = b.interface_spec;
  if (!spec) {
    ctx.report("voice-interface-spec-required", "interface_spec", at.value(b, "modality"));
  } else {
    if (spec.transports.length === 0) {
      ctx.report("voice-transports-empty", "interface_spec.transports", at.value(spec, "transports"));
    }
    const allowed = enumValues("voice_transport");
    const seen = new Set<string>();
    spec.transports.forEach((t, i) => {
      const field = `interface_spec.transports[${i}]`;
      const span = at.item(spec.transports, i);
      if (t !== "" && seen.has(t)) {
        ctx.report("voice-transport-duplicate", field, span);
        return;
      }
      if (t !== "") seen.add(t);
      if (t === "" || !allowed.includes(t)) ctx.report("voice-transport-unsupported", field, span, { data: { expected: allowed } });
    });
    if (isBlank(spec.channel_profile)) {
      ctx.report("voice-channel-profile-required", "interface_spec.channel_profile", at.value(spec, "channel_profile"));
    }
  }
  const sc = b.scenario;
  if (!sc) {
    ctx.report("voice-scenario-required", "scenario", at.value(b, "modality"));
    return;
  }
  if (isBlank(sc.persona)) ctx.report("voice-persona-required", "scenario.persona", at.value(sc, "persona"));
  if (isBlank(sc.language)) ctx.report("voice-language-required", "scenario.language", at.value(sc, "language"));
  if (sc.max_turns <= 0) ctx.report("voice-max-turns-positive", "scenario.max_turns", at.value(sc, "max_turns"));
  if (sc.max_duration_ms <= 0) ctx.report("voice-max-duration-positive", "scenario.max_duration_ms", at.value(sc, "max_duration_ms"));
};
