/** Names shared by the server and its clients: commands and custom requests. */

/**
 * The commands the server executes (`workspace/executeCommand`, listed in its `executeCommandProvider`); its code
 * lenses name them, so they work in any LSP client. The VS Code extension maps them to its own UI instead.
 */
export const ServerCommands = {
  /** Arguments: uri, position, locations (LSP JSON). Answers the locations and shows the first (`window/showDocument`), or lists them in a message. */
  showReferences: "packlint.showReferences",
  /** Argument: an `agentclash eval start --input-set <key>` command line. Answers it and shows it in a message; the server never runs it. */
  runInputSet: "packlint.runInputSet",
} as const;

export const Commands = {
  /** Offers an `agentclash eval start --input-set <key>` command line (argument: the command): copy it or run it in a terminal (VS Code's input-set lens). */
  offerInputSetRun: "packlint.offerInputSetRun",
  /** Saves the report shown in the active preview (or the last one) to a file the user picks. */
  saveReportAs: "packlint.saveReportAs",
  /** The VS Code extension's commands (contributed in client/package.json); their work is done by the requests below. */
  validateWorkspace: "packlint.validateWorkspace",
  convertLegacyItems: "packlint.convertLegacyItems",
  restartServer: "packlint.restartServer",
  showOutput: "packlint.showOutput",
  skillPrompts: "packlint.skill.dryRunPrompts",
  skillReport: "packlint.skill.testReport",
  /** Runs `packlint skill run` on the open case file in a terminal, after the user confirms the agent command (client only). */
  runSkillTest: "packlint.skill.runTest",
  inputSetReport: "packlint.inputSetReport",
} as const;

export const Requests = {
  /** `{ uri, text? }` → `{ kind, by }`: what the server makes of a document (the open one, or `text` when it is not open). */
  documentKind: "packlint/documentKind",
  /** `{ uri }` → `DocumentStatus`: the document's kind, its error and warning counts and how many errors were silenced. */
  status: "packlint/status",
  /** `{}` → `WorkspaceValidation`: validates every pack and case file below the workspace folders and publishes the results. */
  validateWorkspace: "packlint/validateWorkspace",
  /** `{ uri }` → `ConvertLegacyItemsResult`: rewrites every legacy `items`/`item_key` of an open pack (through workspace/applyEdit). */
  convertLegacyItems: "packlint/convertLegacyItems",
  /** `{ uri }` → `SkillText`: the dry-run prompts of an open case file, as Markdown. */
  skillPrompts: "packlint/skillPrompts",
  /** `{ uri }` → `SkillText`: the Skill Test Report of an open case file (responses read from disk), as Markdown. */
  skillReport: "packlint/skillReport",
  /** `{ uri }` → `SkillTestCases`: the cases of an open case file, for the Test Explorer, and the errors that stop a run. */
  skillTestCases: "packlint/skillTestCases",
  /** `{ uri }` → `SkillText`: the input-set report of an open pack (`packlint report`), as Markdown. */
  inputSetReport: "packlint/inputSetReport",
  /**
   * `FileRequest` → `FileAnswer`, sent by the server to the client: the web server (in a browser) reads the workspace
   * through the client's `workspace.fs`, inside the workspace folders only, regular files only, at most `maxBytes`.
   */
  file: "packlint/file",
} as const;

/** `list`: what is at `uri` and below it; `read`: a regular file's bytes. */
export interface FileRequest {
  op: "list" | "read";
  uri: string;
  maxBytes?: number;
}

/** What a `FileRequest` found: entries (paths relative to the URI, `""` for itself) or bytes (base64); `error` when refused. */
export interface FileAnswer {
  entries?: [string, "file" | "directory" | "link" | "special"][];
  base64?: string;
  error?: string;
}

/** The document kinds the server serves. */
export type DocumentKind = "challenge-pack" | "skill-cases";

/** The VS Code extension's language ids (YAML underneath). A document in one of them is of that kind, whatever its name. */
export const LanguageIds = {
  pack: "agentclash-pack",
  skillCases: "agentclash-skill-cases",
} as const;

/** Why a document is of its kind. */
export type KindReason = "language" | "glob" | "content";

export interface DocumentKindParams {
  uri: string;
  /** The document's text, for a document the server does not have open (e.g. one left to another YAML extension). */
  text?: string;
}

export interface DocumentKindResult {
  kind: DocumentKind | null;
  by?: KindReason;
}

export interface UriParams {
  uri: string;
}

export interface DocumentStatus {
  kind: DocumentKind | null;
  errors: number;
  warnings: number;
  /** Errors the rule levels turned off or below error: the document is not valid while there are any. */
  silenced: number;
}

export interface WorkspaceValidation {
  /** Files validated (packs and case files). */
  files: number;
  /** Files with at least one error, shown or silenced. */
  filesWithErrors: number;
  errors: number;
  warnings: number;
  /** Errors that rule levels turned off or below error: each file with one is not valid. */
  silenced: number;
}

export interface ConvertLegacyItemsResult {
  /** Keys renamed (`items` → `cases`, `item_key` → `case_key`); 0 when there was nothing to convert. */
  changes: number;
  /** Whether the client applied the edit. */
  applied: boolean;
}

export interface SkillText {
  /** The Markdown text, or null when the document is not an open case file (then `error` says why). */
  markdown: string | null;
  error?: string;
  /** For the report: PASS, REVIEW or FAIL. */
  overall?: string;
}

/** A position and a range as LSP writes them (0-based lines, UTF-16 characters). */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A case of a case file as the Test Explorer lists it. */
export interface SkillTestCase {
  id: string;
  type: string;
  title: string;
  /** The whole list item. */
  range: LspRange;
  /** The id's value: where a result points. */
  selectionRange: LspRange;
}

export interface SkillTestCases {
  /** The Skill's name; null when the document is not an open case file. */
  skill: string | null;
  /** Each case with a usable id, once, in the file's order. */
  cases: SkillTestCase[];
  /** The case file's errors ("line N: message [code]"), as `packlint skill run` checks them: while there is one, nothing runs. */
  errors: string[];
}

/** A check's finding in a case's result, as the Skill Test Report lists it. */
export interface SkillFinding {
  kind: "failure" | "deduction" | "undecided" | "note";
  text: string;
  /** What to change in the Skill or its tests. */
  action?: string;
}

/** One line of `packlint skill run --progress` on standard output (the editor's Test Explorer reads them). */
export type SkillProgressEvent =
  | { event: "start"; cases: { id: string; type: string }[]; runs: number }
  /** An agent finished one run of a case; `failure` says why no answer was captured. */
  | { event: "answered"; id: string; run: number; failure?: string }
  /** A judge is asked this many questions the rules left undecided. */
  | { event: "judge"; questions: number }
  /** A case's result, once every run is scored; `errors` are why answers could not be captured (the agent failed). */
  | {
      event: "case";
      id: string;
      type: string;
      result: "PASS" | "REVIEW" | "FAIL";
      score: number;
      summary: string;
      findings: SkillFinding[];
      errors: string[];
      runs?: ("PASS" | "REVIEW" | "FAIL")[];
    }
  /** Last: the report, written to `path`. */
  | { event: "report"; overall: "PASS" | "REVIEW" | "FAIL"; passed: number; review: number; failed: number; path: string | null; markdown: string };
