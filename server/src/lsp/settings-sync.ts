import type { Connection } from "vscode-languageserver/node";
import { PacklintSettings, resolveSettings, SETTINGS_SECTION } from "../../../shared/src";
import type { WorkspaceScopes } from "./workspace-scopes";

/**
 * The settings: one set per workspace folder (workspace/configuration with scopeUri) and one without, asked of
 * clients that answer; for the others, the last ones they pushed (initializationOptions, didChangeConfiguration).
 */
export class SettingsSync {
  /** Whether the client answers workspace/configuration. */
  asks = false;
  private pushed: unknown;

  constructor(
    private readonly connection: Connection,
    private readonly scopes: () => WorkspaceScopes,
    private readonly changed: () => void,
    private readonly log: (what: string, e: unknown) => void,
  ) {}

  /** The settings the client gave with initialize: in force until it is asked. */
  initial(options: unknown): void {
    this.pushed = options;
    this.scopes().setSettings(resolveSettings(options));
  }

  /** didChangeConfiguration: the pushed section, when there is one, replaces the last. */
  pushedChange(settings: unknown): void {
    const section = (settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    if (section !== undefined && section !== null) this.pushed = section;
    void this.load(section ?? undefined);
  }

  /** Loads the settings again (the folders changed); never an unhandled rejection. */
  load(fallback: unknown = this.pushed): Promise<void> {
    return this.read(fallback).catch((e) => this.log("settings", e));
  }

  private async read(fallback: unknown): Promise<void> {
    const scopes = this.scopes();
    const folders = scopes.folderList();
    let global: PacklintSettings = resolveSettings(fallback);
    const perFolder = new Map<string, PacklintSettings>();
    if (this.asks) {
      try {
        const items = [{ section: SETTINGS_SECTION }, ...folders.map((f) => ({ section: SETTINGS_SECTION, scopeUri: f.uri }))];
        const values: unknown[] = await this.connection.workspace.getConfiguration(items);
        global = resolveSettings(values?.[0]);
        folders.forEach((f, i) => perFolder.set(f.uri, resolveSettings(values?.[i + 1])));
      } catch (e) {
        this.log("configuration", e);
      }
    }
    scopes.setSettings(global, perFolder);
    this.changed();
  }
}
