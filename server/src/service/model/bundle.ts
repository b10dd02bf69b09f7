/**
 * The decoded, normalized challenge-pack bundle: the reference's Go structs as plain data.
 * Absent scalar fields hold Go zero values; optional objects (`T?` in the catalog) are undefined.
 * Free-form maps (`tools`, `evaluation_spec`, `payload`, …) are JSON-like data.
 */

export type AnyMap = Record<string, unknown>;

export interface Bundle {
  modality: string;
  interface_spec?: InterfaceSpec;
  scenario?: Scenario;
  pack: Pack;
  version: Version;
  tools?: AnyMap;
  challenges: Challenge[];
  input_sets: InputSet[];
  security?: Security;
}

export interface InterfaceSpec {
  transports: string[];
  channel_profile: string;
  supports_barge_in: boolean;
}

export interface Scenario {
  persona: string;
  language: string;
  max_turns: number;
  max_duration_ms: number;
}

export interface Pack {
  slug: string;
  name: string;
  family: string;
  description?: string;
}

export interface Version {
  number: number;
  execution_mode: string;
  tool_policy?: AnyMap;
  filesystem?: AnyMap;
  sandbox?: Sandbox;
  deployment_defaults?: DeploymentDefaults;
  evaluation_spec?: AnyMap;
  assets: Asset[];
}

export interface Sandbox {
  network_access: boolean;
  network_allowlist: string[];
  env_vars?: Record<string, string>;
  additional_packages: string[];
  sandbox_template_id: string;
}

export interface DeploymentDefaults {
  aliases?: Record<string, string>;
  lineups?: Record<string, string[]>;
}

export interface Asset {
  key: string;
  kind: string;
  path: string;
  media_type: string;
  artifact_id?: string;
}

export interface ArtifactRef {
  key: string;
}

export interface Challenge {
  key: string;
  title: string;
  category: string;
  difficulty: string;
  instructions: string;
  definition?: AnyMap;
  assets: Asset[];
  artifact_refs: ArtifactRef[];
}

export interface InputSet {
  key: string;
  name: string;
  description?: string;
  cases: Case[];
  items: LegacyItem[];
  /** True when `cases` came from legacy `items` (normalization); field paths still say `cases`. */
  fromItems?: boolean;
}

export interface Case {
  challenge_key: string;
  case_key: string;
  item_key: string;
  payload?: AnyMap;
  inputs: CaseInput[];
  expectations: Expectation[];
  user_simulator?: UserSimulator;
  artifacts: ArtifactRef[];
  assets: Asset[];
  case_timeout_seconds: number;
}

export interface LegacyItem {
  challenge_key: string;
  item_key: string;
  payload?: AnyMap;
  assets: Asset[];
}

export interface CaseInput {
  key: string;
  kind: string;
  value?: unknown;
  artifact_key: string;
  path: string;
}

export interface Expectation {
  key: string;
  kind: string;
  value?: unknown;
  artifact_key: string;
  source: string;
}

/** `cases[].user_simulator` (multi_turn packs). Not normalized: values are as written. */
export interface UserSimulator {
  schema_version: number;
  kind: string;
  max_turns: number;
  phases: UserSimulatorPhase[];
  calibration?: UserSimulatorCalibration;
  post_run?: UserSimulatorPostRun;
}

export interface UserSimulatorPhase {
  id: string;
  actor: string;
  trigger: string;
  /** Scripted actor only. */
  turns: UserSimulatorTurn[];
  /** llm actor only: persona, max_turns, until, model. */
  persona: string;
  max_turns: number;
  until: string[];
  /** human actor only: timeout_ms, on_timeout. */
  timeout_ms: number;
  on_timeout: string;
  model: string;
}

export interface UserSimulatorTurn {
  message: string;
  /** Same shape as case expectations, but never trimmed. */
  expects: Expectation[];
}

export interface UserSimulatorCalibration {
  enabled: boolean;
  sample_rate: number;
}

export interface UserSimulatorPostRun {
  arena?: UserSimulatorArena;
}

export interface UserSimulatorArena {
  enabled: boolean;
  comparison: string;
}

export interface Security {
  default_severity: string;
  planted_secrets: AnyMap[];
  forbidden_outputs: AnyMap[];
  forbidden_egress: AnyMap[];
  adversarial_prompts: AnyMap[];
  [key: string]: unknown;
}
