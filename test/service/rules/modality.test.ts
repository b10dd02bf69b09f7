import { test } from "node:test";
import { expectDiagnostics, expectNo } from "../../helpers/expect";
import { pack } from "../../helpers/packs";

const voice = (body: string) => pack({ extra: body });

test("modality empty: interface_spec and scenario need it", () => {
  expectDiagnostics(voice("⟦interface_spec⟧: {}\n"), {
    code: "modality-required-for-interface-spec",
    field: "modality",
    message: "is required when interface_spec is set",
  });
  expectDiagnostics(voice("⟦scenario⟧:\n  persona: x\n"), {
    code: "modality-required-for-scenario",
    field: "modality",
    message: "is required when scenario is set",
  });
  expectNo(voice("interface_spec: ~\n"), "modality-required-for-interface-spec");
});

test("modality-invalid: anything but voice", () => {
  expectDiagnostics(voice("modality: ⟦Voice⟧\n"), { code: "modality-invalid", field: "modality", message: 'must be "voice" when specified' });
});

test("voice: interface_spec and scenario required", () => {
  expectDiagnostics(voice("modality: ⟦voice⟧\nscenario:\n  persona: p\n  language: en\n  max_turns: 2\n  max_duration_ms: 10\n"), {
    code: "voice-interface-spec-required",
    field: "interface_spec",
    message: "is required when modality is voice",
  });
  expectDiagnostics(voice("modality: ⟦voice⟧\ninterface_spec:\n  transports: [sip]\n  channel_profile: phone\n"), {
    code: "voice-scenario-required",
    field: "scenario",
    message: "is required when modality is voice",
  });
});

const fullVoice = (spec: string, scenario = "scenario:\n  persona: p\n  language: en\n  max_turns: 2\n  max_duration_ms: 10\n") =>
  voice(`modality: voice\n${spec}${scenario}`);

test("voice transports: empty, unsupported, duplicate", () => {
  expectDiagnostics(fullVoice("interface_spec:\n  transports: ⟦[]⟧\n  channel_profile: phone\n"), {
    code: "voice-transports-empty",
    field: "interface_spec.transports",
    message: "must contain at least one transport",
  });
  expectDiagnostics(fullVoice('interface_spec:\n  transports: [sip, ⟦carrier-pigeon⟧, ⟦" "⟧]\n  channel_profile: phone\n'), {
    code: "voice-transport-unsupported",
    message: "must be one of text_sim, webrtc, sip, pstn, websocket",
  });
  expectDiagnostics(fullVoice("interface_spec:\n  transports: [sip, ⟦sip⟧]\n  channel_profile: phone\n"), {
    code: "voice-transport-duplicate",
    field: "interface_spec.transports[1]",
    message: "must be unique",
  });
  expectNo(fullVoice("interface_spec:\n  transports: [sip, webrtc]\n  channel_profile: phone\n"), "voice-transport-unsupported");
});

test("voice channel_profile and scenario fields", () => {
  expectDiagnostics(fullVoice("⟦interface_spec⟧:\n  transports: [sip]\n"), {
    code: "voice-channel-profile-required",
    field: "interface_spec.channel_profile",
    message: "is required when modality is voice",
  });
  const spec = "interface_spec:\n  transports: [sip]\n  channel_profile: phone\n";
  expectDiagnostics(fullVoice(spec, "⟦scenario⟧:\n  language: en\n  max_turns: 2\n  max_duration_ms: 10\n"), {
    code: "voice-persona-required",
    field: "scenario.persona",
  });
  expectDiagnostics(fullVoice(spec, "scenario:\n  persona: p\n  language: ⟦''⟧\n  max_turns: 2\n  max_duration_ms: 10\n"), {
    code: "voice-language-required",
    field: "scenario.language",
  });
  expectDiagnostics(fullVoice(spec, "scenario:\n  persona: p\n  language: en\n  max_turns: ⟦0⟧\n  max_duration_ms: 10\n"), {
    code: "voice-max-turns-positive",
    field: "scenario.max_turns",
    message: "must be greater than 0 when modality is voice",
  });
  expectDiagnostics(fullVoice(spec, "scenario:\n  persona: p\n  language: en\n  max_turns: 1\n  max_duration_ms: ⟦-5⟧\n"), {
    code: "voice-max-duration-positive",
    field: "scenario.max_duration_ms",
  });
  expectNo(fullVoice(spec), "voice-max-turns-positive");
});
