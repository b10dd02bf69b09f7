/**
 * Why a rule matters when the pack runs, per area of the rule catalog: the "why" of every rule page that has no
 * hand-written text in its rule book (`*.book.ts`). A test checks that every area of the registry has an entry.
 */
export const AREA_TITLES: Readonly<Record<string, string>> = {
  decode: "Reading the file",
  pack: "Pack identity",
  version: "Version",
  "modality-voice": "Voice packs",
  "execution-mode": "Execution mode",
  challenges: "Challenges",
  security: "Security packs",
  "assets-artifacts": "Assets and artifacts",
  "input-sets": "Input sets",
  cases: "Cases",
  "case-inputs": "Case inputs",
  "case-expectations": "Case expectations",
  "case-templates": "Case templates",
  "user-simulator": "Simulated users",
  tools: "Custom tools",
  "tool-policy": "Tool policy",
  sandbox: "Sandbox",
  "deployment-defaults": "Deployment defaults",
  "evaluation-spec": "Evaluation spec",
  "evaluation-spec.judge-mode": "Judge mode",
  "evaluation-spec.validators": "Validators",
  "evaluation-spec.validator-config": "Validator settings",
  "evaluation-spec.post-execution-checks": "Post-execution checks",
  "evaluation-spec.metrics": "Metrics",
  "evaluation-spec.behavioral": "Behavioral signals",
  "evaluation-spec.llm-judges": "LLM judges",
  "evaluation-spec.runtime-limits": "Runtime limits",
  "evaluation-spec.pricing": "Pricing",
  "evaluation-spec.scorecard": "Scorecard",
  "evaluation-spec.judge-limits": "Judge limits",
  "evaluation-spec.dimensions": "Scorecard dimensions",
  "server-only": "Checked when publishing",
  files: "Files on disk",
  advisory: "Advice",
  suppressions: "Suppression comments",
  "skill-cases": "Skill Testing case files",
};

export const AREA_WHY: Readonly<Record<string, string>> = {
  decode: "AgentClash cannot read the file as a pack, so nothing else in it is checked and it cannot be published.",
  pack: "The pack's slug, name and family identify it when it is published, listed and run.",
  version: "Each published revision of a pack is identified by its version number.",
  "modality-voice": "A voice pack is run over a real or simulated voice channel; without a complete interface and scenario AgentClash cannot set up the call.",
  "execution-mode": "The execution mode decides how the agent runs; settings that the chosen mode cannot use are rejected rather than silently dropped.",
  challenges: "Challenges are the tasks the agent is benchmarked on; cases run them by key and results are grouped by their title, category and difficulty.",
  security: "Security packs plant secrets and forbidden patterns and then check the run for leaks; an incomplete entry would leave a leak undetected.",
  "assets-artifacts":
    "Assets are the files shipped with the pack; challenges and cases refer to them by key, and a reference that resolves to nothing leaves the agent or the scorer without the file at run time.",
  "input-sets": "Runs select an input set by key and execute its cases; a set that cannot be selected unambiguously or has nothing to run is rejected.",
  cases: "Each case is one run of a challenge; results, regressions and reports identify it by its challenge and case key.",
  "case-inputs": "Inputs are what the case hands to the agent; expectations and validators refer to them by key.",
  "case-expectations":
    "Expectations hold what a good run should produce; validators compare the run's evidence with them, so one that cannot be resolved cannot be scored.",
  "case-templates":
    "`{{placeholders}}` in a template are filled in from each case when the pack runs; one that no case can fill would run a broken command or message.",
  "user-simulator": "The simulated user drives `multi_turn` conversations; a phase or turn it cannot follow would stop the conversation or score it wrongly.",
  tools: "Custom tools are offered to the agent at run time; a tool that cannot be built or that calls itself in a loop would fail during the run.",
  "tool-policy": "The tool policy decides which kinds of tools the agent may use at run time.",
  sandbox: "The sandbox is the environment the agent runs in; invalid network, environment or package settings would make it fail to start.",
  "deployment-defaults": "Deployment aliases and lineups pick the agents a run compares; an entry without a selector cannot be resolved when a run is created.",
  "evaluation-spec":
    "The evaluation spec decides how every run is scored; AgentClash rejects a spec it cannot apply instead of producing scores that mean nothing.",
  "evaluation-spec.judge-mode": "The judge mode decides whether validators, LLM judges or both score a run; the judges declared must match it.",
  "evaluation-spec.validators":
    "Validators are the deterministic checks of a run's output; one that cannot find its evidence or its expected value cannot score.",
  "evaluation-spec.validator-config":
    "Each validator type reads its own settings under `config`; a setting it cannot use would make every score of that validator wrong.",
  "evaluation-spec.post-execution-checks": "Post-execution checks capture files after the run for file validators to read.",
  "evaluation-spec.metrics": "Metrics are measurements collected from each run (latency, tokens, …) that metric dimensions read.",
  "evaluation-spec.behavioral": "Behavioral signals score how the agent worked, not only what it answered.",
  "evaluation-spec.llm-judges":
    "LLM judges score what validators cannot; a judge with an unknown model, mode or reference cannot be called when runs are scored.",
  "evaluation-spec.runtime-limits": "Runtime limits stop a run that uses too many tokens, too much money or time, or too many iterations.",
  "evaluation-spec.pricing": "Model prices turn token counts into the run's cost.",
  "evaluation-spec.scorecard": "The scorecard combines dimensions into the run's score and decides whether the run passes.",
  "evaluation-spec.judge-limits": "Judge limits bound how many judge calls scoring may make.",
  "evaluation-spec.dimensions":
    "Dimensions are the scores a run gets (correctness, latency, cost, …); one that cannot find its validators, metric or judge has no score.",
  "server-only": "The hosted service checks this when the pack is published; packlint cannot check it offline.",
  files: "Files a pack names are packed with it when it is published; a file that is missing or outside the pack's folder is not there at run time.",
  advisory: "AgentClash accepts the pack as it is; this is advice that makes the pack easier to run and maintain.",
  suppressions:
    "A suppression comment that silences nothing hides nothing today, but it would silently hide a real finding on that node tomorrow; one that names no rule or an unknown one silences nothing at all.",
  "skill-cases":
    "The Skill Testing case file drives dry-run prompts and the Skill Test Report; a case the checker cannot read is left out of the report or scored wrongly.",
};
