import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import * as vscode from "vscode";
import type { BaseLanguageClient as LanguageClient } from "vscode-languageclient";
import { LanguageIds, Requests, SETTINGS_SECTION, type LspRange, type SkillTestCase, type SkillTestCases } from "../../shared/src";
import type { Reports } from "./reports";
import { caseMessage, caseState, ProgressReader, reportSummary, type ReportEvent } from "./skill-test-results";

/** The case files the Test Explorer lists (the language's file names); open documents of the language are added too. */
const CASE_FILES = "**/skill_cases.{yaml,yml}";
/** Agent and judge command lines the user allowed to run in this workspace (workspace state). */
const ALLOWED = "packlint.skill.allowedCommands";
/** Set when the user chose not to be asked again before earlier responses are replaced. */
const REPLACE_WITHOUT_ASKING = "packlint.skill.replaceWithoutAsking";
const MAX_STDERR = 16_000;

type Meta = { kind: "file"; uri: vscode.Uri } | { kind: "type"; uri: vscode.Uri; type: string } | { kind: "case"; uri: vscode.Uri; id: string };

/** What a run of one case file gave. */
export interface SkillRunOutcome {
  /** PASS, REVIEW or FAIL from the report; null when there is no report (refused, cancelled, the CLI failed). */
  overall: string | null;
  /** Each case that got a result: PASS, REVIEW or FAIL, or ERROR when no answer was captured. */
  results: Record<string, string>;
  /** The report's totals in one line, when there is a report. */
  summary?: string;
  /** The report written, when there is one. */
  reportPath?: string;
  /** Why there is no report. */
  problem?: string;
}

/**
 * Skill cases in VS Code's Testing API: each case file is a test item, its cases its children grouped by type, as the
 * server reads them (packlint/skillTestCases), kept in step with the document. Run starts the bundled CLI
 * (`packlint skill run --progress`, with the editor's own Node and no shell) on the cases chosen, marks each case as
 * its result arrives and opens the Skill Test Report; Cancel stops the CLI, which kills its agents.
 */
export class SkillTests implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController("packlint.skillTests", "Skill Tests");
  private readonly meta = new WeakMap<vscode.TestItem, Meta>();
  private readonly disposables: vscode.Disposable[] = [this.controller];
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private profile: vscode.TestRunProfile | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly reports: Reports,
  ) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else await this.refresh(this.meta.get(item)?.uri ?? item.uri!);
    };
    this.controller.refreshHandler = () => this.discover();
    this.offerRun();
    const watcher = vscode.workspace.createFileSystemWatcher(CASE_FILES);
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => void this.fileItem(uri)),
      watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())),
      watcher.onDidChange((uri) => {
        if (this.controller.items.get(uri.toString())?.children.size) this.later(uri);
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.isCaseFile(doc) && this.later(doc.uri)),
      vscode.workspace.onDidChangeTextDocument((e) => this.isCaseFile(e.document) && this.later(e.document.uri)),
      // Trust can be granted while the window is open: the run is offered from then on.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.offerRun()),
    );
    for (const doc of vscode.workspace.textDocuments) if (this.isCaseFile(doc)) this.later(doc.uri);
  }

  /**
   * Whether this extension host may start processes: a trusted workspace, in a Node extension host (the desktop, or a
   * remote or code-server host, where `vscode.env.uiKind` is Web but the CLI runs beside the workspace). A browser's
   * extension host never loads this extension (the manifest has no `browser` entry).
   */
  static canStartProcesses(): boolean {
    return vscode.workspace.isTrusted && typeof process === "object" && typeof process.versions?.node === "string";
  }

  private offerRun(): void {
    if (this.profile || !SkillTests.canStartProcesses()) return;
    this.profile = this.controller.createRunProfile(
      "Run Skill cases",
      vscode.TestRunProfileKind.Run,
      async (request, token) => void (await this.run(request, token)),
      true,
    );
  }

  private isCaseFile(doc: vscode.TextDocument): boolean {
    return doc.languageId === LanguageIds.skillCases && doc.uri.scheme === "file";
  }

  /** Lists every case file of the workspace; their cases are read when the Test Explorer opens one. */
  async discover(): Promise<void> {
    const found = await vscode.workspace.findFiles(CASE_FILES, "**/{node_modules,out,dist,.*}/**");
    for (const uri of found) this.fileItem(uri);
    for (const doc of vscode.workspace.textDocuments) if (this.isCaseFile(doc)) this.fileItem(doc.uri);
  }

  private fileItem(uri: vscode.Uri): vscode.TestItem {
    const existing = this.controller.items.get(uri.toString());
    if (existing) return existing;
    const item = this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    item.canResolveChildren = true;
    this.meta.set(item, { kind: "file", uri });
    this.controller.items.add(item);
    return item;
  }

  /** Reads a case file again, soon: edits come in bursts. */
  private later(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.refresh(uri);
      }, 300),
    );
  }

  /** The cases of a case file as the server reads them (the document is opened for that), shown as its children. */
  async refresh(uri: vscode.Uri): Promise<SkillTestCases> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const found = await this.client.sendRequest<SkillTestCases>(Requests.skillTestCases, { uri: doc.uri.toString() });
    const file = this.fileItem(uri);
    if (found.skill === null) {
      file.error = "Not read as a Skill Testing case file.";
      file.children.replace([]);
      return found;
    }
    file.label = found.skill || vscode.workspace.asRelativePath(uri);
    file.description = vscode.workspace.asRelativePath(uri);
    file.error = found.errors.length ? blocked(found.errors) : undefined;
    const byType = new Map<string, SkillTestCase[]>();
    for (const c of found.cases) byType.set(c.type || "(no type)", [...(byType.get(c.type || "(no type)") ?? []), c]);
    file.children.replace(
      [...byType].map(([type, cases], order) => {
        const group = this.controller.createTestItem(`type:${type}`, type, uri);
        // In the file's order, not the alphabet's.
        group.sortText = String(order).padStart(4, "0");
        // No range: its mark in the gutter would stand on its first case's line, over that case's own.
        this.meta.set(group, { kind: "type", uri, type });
        group.children.replace(
          cases.map((c) => {
            const item = this.controller.createTestItem(`case:${c.id}`, c.id, uri);
            item.description = c.title;
            item.range = toRange(c.range);
            item.sortText = String(found.cases.indexOf(c)).padStart(6, "0");
            this.meta.set(item, { kind: "case", uri, id: c.id });
            return item;
          }),
        );
        return group;
      }),
    );
    file.canResolveChildren = false;
    return found;
  }

  /** Runs every case of one case file as a test run of its own (the Run Skill Test command). */
  async runFile(uri: vscode.Uri): Promise<SkillRunOutcome> {
    if (!SkillTests.canStartProcesses())
      return this.refused("Running a Skill test starts the agent command: trust this workspace first (Workspaces: Manage Workspace Trust).");
    const file = this.fileItem(uri);
    const source = new vscode.CancellationTokenSource();
    try {
      const [outcome] = await this.run(new vscode.TestRunRequest([file], undefined, this.profile), source.token);
      return outcome;
    } finally {
      source.dispose();
    }
  }

  private refused(problem: string): SkillRunOutcome {
    void vscode.window.showWarningMessage(problem);
    return { overall: null, results: {}, problem };
  }

  /** The run handler: the items chosen, by case file, each file's cases in one CLI run. */
  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<SkillRunOutcome[]> {
    const chosen = new Map<string, { uri: vscode.Uri; ids: Set<string> | "all" }>();
    const roots: vscode.TestItem[] = [];
    this.controller.items.forEach((i) => roots.push(i));
    // An excluded item excludes what it holds (a type's cases).
    const excluded = new Set<string>();
    const exclude = (i: vscode.TestItem) => {
      excluded.add(i.id + "@" + this.meta.get(i)?.uri.toString());
      i.children.forEach(exclude);
    };
    (request.exclude ?? []).forEach(exclude);
    for (const item of request.include ?? roots) {
      const m = this.meta.get(item);
      if (!m || excluded.has(item.id + "@" + m.uri.toString())) continue;
      const entry = chosen.get(m.uri.toString()) ?? { uri: m.uri, ids: new Set<string>() };
      chosen.set(m.uri.toString(), entry);
      if (m.kind === "file") entry.ids = "all";
      else if (entry.ids !== "all") {
        if (m.kind === "case") entry.ids.add(m.id);
        else item.children.forEach((c) => entry.ids !== "all" && entry.ids.add(c.id.slice("case:".length)));
      }
    }
    const run = this.controller.createTestRun(request, "Skill test", true);
    const outcomes: SkillRunOutcome[] = [];
    try {
      for (const { uri, ids } of chosen.values()) {
        if (token.isCancellationRequested) break;
        outcomes.push(await this.runCases(uri, ids, run, token, excluded));
      }
    } finally {
      run.end();
    }
    return outcomes;
  }

  private async runCases(
    uri: vscode.Uri,
    ids: Set<string> | "all",
    run: vscode.TestRun,
    token: vscode.CancellationToken,
    excluded: Set<string>,
  ): Promise<SkillRunOutcome> {
    const doc = await vscode.workspace.openTextDocument(uri);
    // The CLI reads the file from disk.
    if (doc.isDirty) await doc.save();
    const found = await this.refresh(uri);
    const items = this.caseItems(uri);
    const wanted = found.cases.filter((c) => (ids === "all" || ids.has(c.id)) && !excluded.has(`case:${c.id}@${uri.toString()}`));
    const itemOf = (id: string) => items.get(id);
    const all = wanted.length === found.cases.length;
    if (found.skill === null) return this.fail(run, [], `${vscode.workspace.asRelativePath(uri)} is not read as a Skill Testing case file.`);
    if (found.errors.length) return this.fail(run, wanted.map((c) => itemOf(c.id)).filter(isItem), blocked(found.errors), uri);
    if (!wanted.length) return { overall: null, results: {}, problem: "no cases to run" };

    const commands = await this.commands(uri, found.skill, wanted);
    if (!commands) {
      for (const c of wanted) if (itemOf(c.id)) run.skipped(itemOf(c.id)!);
      return { overall: null, results: {}, problem: "not started: the run was not confirmed" };
    }
    for (const c of wanted) if (itemOf(c.id)) run.enqueued(itemOf(c.id)!);

    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? dirname(uri.fsPath);
    const args = [
      this.context.asAbsolutePath("dist/cli.js"),
      "skill",
      "run",
      uri.fsPath,
      "--agent",
      commands.agent,
      ...(commands.judge ? ["--judge", commands.judge] : []),
      ...(commands.repeat > 1 ? ["--repeat", String(commands.repeat)] : []),
      ...(all ? [] : wanted.flatMap((c) => ["--case", c.id])),
      "--progress",
    ];
    run.appendOutput(
      `packlint skill run ${vscode.workspace.asRelativePath(uri)}: ${wanted.length} case${wanted.length === 1 ? "" : "s"}, agent ${commands.agent}\r\n`,
    );
    if (commands.replaced)
      run.appendOutput(`Replacing the earlier responses of ${commands.replaced} case${commands.replaced === 1 ? "" : "s"} in tests/tmp/\r\n`);

    // The bundled CLI, run by the editor's own Node (Electron as Node), without a shell, in a process group of its
    // own: Cancel sends it SIGTERM, and it kills every agent and judge it started.
    const child = spawn(process.execPath, args, {
      cwd: folder,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    const stop = token.onCancellationRequested(() => {
      try {
        if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, "SIGTERM");
        else child.kill("SIGTERM");
      } catch {
        // already gone
      }
    });
    const reader = new ProgressReader();
    const results: Record<string, string> = {};
    let report: ReportEvent | undefined;
    let stderr = "";
    const handle = (events: ReturnType<ProgressReader["push"]>) => {
      for (const e of events) {
        switch (e.event) {
          case "start":
            for (const c of e.cases) if (itemOf(c.id)) run.started(itemOf(c.id)!);
            break;
          case "answered":
            run.appendOutput(`${e.id}${e.run > 1 ? ` run ${e.run}` : ""}: ${e.failure ? "no answer: " + e.failure : "answered"}\r\n`, undefined, itemOf(e.id));
            break;
          case "judge":
            run.appendOutput(`asking the judge ${e.questions} question${e.questions === 1 ? "" : "s"}\r\n`);
            break;
          case "case": {
            const item = itemOf(e.id);
            const state = caseState(e);
            results[e.id] = state === "errored" ? "ERROR" : e.result;
            const text = caseMessage(e);
            run.appendOutput(text.replace(/\n/g, "\r\n") + "\r\n", item && location(item), item);
            if (!item) break;
            const message = withLocation(new vscode.TestMessage(text), item);
            if (state === "passed") run.passed(item);
            else if (state === "failed") run.failed(item, message);
            else run.errored(item, message);
            break;
          }
          case "report":
            report = e;
            break;
        }
      }
    };
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => handle(reader.push(chunk)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < MAX_STDERR) stderr += chunk;
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
      child.once("error", (e) => {
        stderr += String(e.message);
        resolve([null, null]);
      });
      child.once("close", (c, s) => resolve([c, s]));
    });
    stop.dispose();
    handle(reader.end());
    if (stderr.trim()) run.appendOutput(stderr.trim().replace(/\r?\n/g, "\r\n") + "\r\n");

    // Every case the run did not score is marked: skipped when cancelled, else errored with what the CLI said.
    const unscored = wanted.filter((c) => results[c.id] === undefined);
    const cancelled = token.isCancellationRequested;
    const problem = cancelled
      ? "Cancelled: the agents were stopped."
      : report
        ? undefined
        : `packlint skill run ${code === 2 ? "refused the run" : `ended ${signal ? `by ${signal}` : `with exit code ${code}`}`} without a report${stderr.trim() ? `: ${stderr.trim()}` : "."}`;
    for (const c of unscored) {
      const item = itemOf(c.id);
      if (!item) continue;
      if (cancelled) run.skipped(item);
      else run.errored(item, withLocation(new vscode.TestMessage(problem ?? `${c.id}: the report has no result for this case`), item));
    }
    if (!report) {
      if (!cancelled) void vscode.window.showErrorMessage(problem!);
      return { overall: null, results, problem };
    }
    await this.reports.show("skillReport", report.markdown);
    return {
      overall: report.overall,
      results,
      summary: reportSummary(found.skill || vscode.workspace.asRelativePath(uri), report),
      reportPath: report.path ?? undefined,
      ...(unscored.length ? { problem: `${unscored.length} cases without a result` } : {}),
    };
  }

  /** The case items of a case file, by case id. */
  private caseItems(uri: vscode.Uri): Map<string, vscode.TestItem> {
    const out = new Map<string, vscode.TestItem>();
    this.controller.items.get(uri.toString())?.children.forEach((group) => group.children.forEach((item) => out.set(item.id.slice("case:".length), item)));
    return out;
  }

  private fail(run: vscode.TestRun, items: vscode.TestItem[], problem: string, uri?: vscode.Uri): SkillRunOutcome {
    for (const item of items) run.errored(item, withLocation(new vscode.TestMessage(problem), item));
    run.appendOutput(problem.replace(/\n/g, "\r\n") + "\r\n");
    void vscode.window.showErrorMessage(uri ? `${vscode.workspace.asRelativePath(uri)}: ${problem.split("\n")[0]}` : problem);
    return { overall: null, results: {}, problem };
  }

  /**
   * The agent and judge commands of the settings, once the user has allowed them: an empty agent command is asked
   * for (and remembered in the workspace settings); a command from the settings that this workspace has not
   * allowed yet, or responses the run would replace, are stated in a confirmation first. Undefined: not confirmed.
   */
  private async commands(
    uri: vscode.Uri,
    skill: string,
    cases: SkillTestCase[],
  ): Promise<{ agent: string; judge: string; repeat: number; replaced: number } | undefined> {
    const settings = vscode.workspace.getConfiguration(SETTINGS_SECTION, uri);
    const allowed = new Set(this.context.workspaceState.get<string[]>(ALLOWED, []));
    let agent = settings.get<string>("skill.agentCommand", "").trim();
    if (!agent) {
      agent =
        (
          await vscode.window.showInputBox({
            title: `Run the Skill cases of ${skill || "this case file"}: the agent command`,
            prompt:
              "Started once per case in an empty folder, given only the dry-run prompt (on standard input, or in place of {prompt}). Kept in this workspace's settings.",
            placeHolder: "my-agent --print",
            ignoreFocusOut: true,
            validateInput: (v) => (v.trim() ? undefined : "Enter the command that runs your agent"),
          })
        )?.trim() ?? "";
      if (!agent) return undefined;
      allowed.add(agent);
      await settings.update("skill.agentCommand", agent, vscode.ConfigurationTarget.Workspace).then(undefined, () => undefined);
    }
    const judge = settings.get<string>("skill.judgeCommand", "").trim();
    const repeat = Math.max(1, Math.min(20, Math.floor(settings.get<number>("skill.repeat", 1) || 1)));
    const replaced = cases.filter((c) => earlierAnswers(uri, c.id)).length;
    const unconfirmed = [agent, judge].filter((c) => c && !allowed.has(c));
    const askReplace = replaced > 0 && !this.context.workspaceState.get<boolean>(REPLACE_WITHOUT_ASKING, false);
    if (unconfirmed.length || askReplace) {
      const n = cases.length;
      const replaces = `Replaces the earlier responses of ${replaced} case${replaced === 1 ? "" : "s"} in tests/tmp/response/ and tests/tmp/raw_response/.`;
      const starts = `Starts the agent once per case${repeat > 1 ? ` (${repeat} times each)` : ""}${judge ? ", and the judge" : ""}.`;
      const RUN = { label: "$(play) Run", detail: replaced ? `${replaces} ${starts}` : starts };
      const RUN_QUIETLY = { label: "$(play) Run, and from now on replace earlier responses without asking in this workspace", detail: RUN.detail };
      const commandsText = `Agent: ${agent}${judge ? ` · judge: ${judge}` : ""}`;
      const pick = await vscode.window.showQuickPick([RUN, ...(replaced ? [RUN_QUIETLY] : []), { label: "Cancel" }], {
        title: `Run ${n} Skill case${n === 1 ? "" : "s"} of ${skill || vscode.workspace.asRelativePath(uri)}?${replaced ? ` It replaces ${replaced} earlier response${replaced === 1 ? "" : "s"}.` : ""}`,
        placeHolder: unconfirmed.length
          ? `${commandsText} (from the settings: allow ${unconfirmed.length > 1 ? "them" : "it"} to run in this workspace?)`
          : commandsText,
        ignoreFocusOut: true,
      });
      if (pick !== RUN && pick !== RUN_QUIETLY) return undefined;
      if (pick === RUN_QUIETLY) await this.context.workspaceState.update(REPLACE_WITHOUT_ASKING, true);
      for (const c of unconfirmed) allowed.add(c);
    }
    await this.context.workspaceState.update(ALLOWED, [...allowed]);
    return { agent, judge, repeat, replaced };
  }

  dispose(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}

/** Whether a case has an answer from an earlier run that a new run replaces. */
function earlierAnswers(casesFile: vscode.Uri, id: string): boolean {
  const tmp = join(dirname(casesFile.fsPath), "tmp");
  return ["response", "raw_response"].some((dir) => [".md", ".txt"].some((ext) => existsSync(join(tmp, dir, id + ext))));
}

function blocked(errors: string[]): string {
  const n = errors.length;
  return `The case file has ${n} error${n === 1 ? "" : "s"}, so its cases cannot run (packlint skill run refuses it): fix ${n === 1 ? "it" : "them"} first.\n${errors.join("\n")}`;
}

function toPosition(p: { line: number; character: number }): vscode.Position {
  return new vscode.Position(p.line, p.character);
}

function toRange(r: LspRange): vscode.Range {
  return new vscode.Range(toPosition(r.start), toPosition(r.end));
}

function location(item: vscode.TestItem): vscode.Location | undefined {
  return item.uri && item.range ? new vscode.Location(item.uri, new vscode.Range(item.range.start, item.range.start)) : undefined;
}

function withLocation(message: vscode.TestMessage, item: vscode.TestItem): vscode.TestMessage {
  message.location = location(item);
  return message;
}

function isItem(i: vscode.TestItem | undefined): i is vscode.TestItem {
  return i !== undefined;
}
