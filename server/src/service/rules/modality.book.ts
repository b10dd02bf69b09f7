import type { RuleBook } from "../types";
import { pair, markIn } from "../util/excerpt";

/** A voice pack: `modality: voice` with these top-level lines. */
const VOICE_SPEC = "interface_spec:\n  transports: [webrtc]\n  channel_profile: phone\n";
const VOICE_SCENARIO = "scenario:\n  persona: A customer asking about a refund\n  language: en\n  max_turns: 6\n  max_duration_ms: 120000\n";
const voice = (wrong: string, right: string) => pair("modality: voice\n" + wrong, "modality: voice\n" + right);

/** The rules of `modality.ts`: their pages' text and the examples that show and test them. */
export const modalityBook: RuleBook = [
  { code: "modality-required-for-interface-spec", ...markIn(pair(VOICE_SPEC, "modality: voice\n" + VOICE_SPEC + VOICE_SCENARIO), "interface_spec") },
  { code: "modality-required-for-scenario", ...markIn(pair(VOICE_SCENARIO, "modality: voice\n" + VOICE_SPEC + VOICE_SCENARIO), "scenario") },
  { code: "modality-invalid", wrong: "modality: ⟦audio⟧\n" + VOICE_SPEC + VOICE_SCENARIO, right: "modality: voice\n" + VOICE_SPEC + VOICE_SCENARIO },
  { code: "voice-interface-spec-required", ...markIn(voice(VOICE_SCENARIO, VOICE_SPEC + VOICE_SCENARIO), "modality: voice", "voice") },
  { code: "voice-transports-empty", ...voice("interface_spec:\n  transports: ⟦[]⟧\n  channel_profile: phone\n" + VOICE_SCENARIO, VOICE_SPEC + VOICE_SCENARIO) },
  {
    code: "voice-transport-unsupported",
    ...voice("interface_spec:\n  transports: [⟦telephone⟧]\n  channel_profile: phone\n" + VOICE_SCENARIO, VOICE_SPEC + VOICE_SCENARIO),
  },
  {
    code: "voice-transport-duplicate",
    ...voice(
      "interface_spec:\n  transports: [webrtc, ⟦webrtc⟧]\n  channel_profile: phone\n" + VOICE_SCENARIO,
      "interface_spec:\n  transports: [webrtc, sip]\n  channel_profile: phone\n" + VOICE_SCENARIO,
    ),
  },
  { code: "voice-channel-profile-required", ...voice("⟦interface_spec⟧:\n  transports: [webrtc]\n" + VOICE_SCENARIO, VOICE_SPEC + VOICE_SCENARIO) },
  { code: "voice-scenario-required", ...markIn(voice(VOICE_SPEC, VOICE_SPEC + VOICE_SCENARIO), "modality: voice", "voice") },
  {
    code: "voice-persona-required",
    ...voice(VOICE_SPEC + "⟦scenario⟧:\n  language: en\n  max_turns: 6\n  max_duration_ms: 120000\n", VOICE_SPEC + VOICE_SCENARIO),
  },
  {
    code: "voice-language-required",
    ...voice(VOICE_SPEC + "⟦scenario⟧:\n  persona: A customer asking about a refund\n  max_turns: 6\n  max_duration_ms: 120000\n", VOICE_SPEC + VOICE_SCENARIO),
  },
  { code: "voice-max-turns-positive", ...voice(VOICE_SPEC + VOICE_SCENARIO.replace("max_turns: 6", "max_turns: ⟦0⟧"), VOICE_SPEC + VOICE_SCENARIO) },
  {
    code: "voice-max-duration-positive",
    ...voice(VOICE_SPEC + VOICE_SCENARIO.replace("max_duration_ms: 120000", "max_duration_ms: ⟦0⟧"), VOICE_SPEC + VOICE_SCENARIO),
  },
];
