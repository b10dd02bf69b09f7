import type { TextDocument } from "vscode-languageserver-textdocument";
import { DocumentKind, DocumentLanguage, DocumentSession, languages, sizeOnlySession } from "../service/languages";
import { MAX_CHECKED_LENGTH } from "../service/model/limits";
import { failedSession } from "../workspace/file-check";
import type { SkillHost } from "../service/skill-cases";
import type { PendingChanges } from "./pending-changes";
import { injectedFault } from "./test-fault";

/** What the sessions need from the workspace: a document's kind and, for case files, their Skill folder. */
export interface SessionHost {
  kindOf(doc: TextDocument): DocumentKind | undefined;
  skillHost(uri: string): SkillHost;
  log(what: string, e: unknown): void;
}

interface Cached {
  version: number;
  text: string;
  kind: DocumentKind | undefined;
  epoch: number;
  session: DocumentSession | undefined;
}

/**
 * One session (model) per open document version. Keyed by version and text: a client may reopen a document or
 * send a change without a new version number. The previous version's session is updated from the recorded
 * changes when the document kept its kind.
 */
export class Sessions {
  private readonly cache = new Map<string, Cached>();
  /** Bumped when settings or configs change: a session built before is kept only if its document keeps its kind. */
  private epoch = 0;

  constructor(
    private readonly pending: PendingChanges,
    private readonly host: SessionHost,
  ) {}

  of(doc: TextDocument): DocumentSession | undefined {
    const cached = this.cache.get(doc.uri);
    const sameText = cached?.version === doc.version && cached.text === doc.getText();
    if (sameText && cached.epoch === this.epoch) return cached.session;
    const kind = this.host.kindOf(doc);
    // Kinds that read files beside their text (whose place the settings may move) are built again.
    if (sameText && cached.kind === kind && (!kind || languages[kind].textOnly)) {
      cached.epoch = this.epoch;
      return cached.session;
    }
    const language = kind && languages[kind];
    const changes = this.pending.take(doc.uri, cached?.version, doc.version);
    let session: DocumentSession | undefined;
    // Over the full-check limit, a document's diagnostic depends on its size alone: a keystroke parses nothing.
    if (language && doc.getText().length > MAX_CHECKED_LENGTH) session = sizeOnlySession(language.kind, doc.getText(), doc.uri);
    else if (language && changes && cached?.session?.update && cached.kind === kind && cached.version !== doc.version) {
      try {
        session = cached.session.update(changes, doc.version);
      } catch (e) {
        this.host.log("incremental update", e);
      }
    }
    session ??= language && this.build(language, doc);
    this.cache.set(doc.uri, { version: doc.version, text: doc.getText(), kind, epoch: this.epoch, session });
    return session;
  }

  /** A document's session from its text; one whose model throws gets a session with the one `internal-error` diagnostic. */
  private build(language: DocumentLanguage, doc: TextDocument): DocumentSession {
    try {
      injectedFault(doc.getText());
      return language.open(doc.getText(), doc.uri, { skillHost: this.host.skillHost(doc.uri) });
    } catch (e) {
      this.host.log(`checking ${doc.uri}`, e);
      return failedSession(language.kind, e);
    }
  }

  /** Settings or configs changed: every document's kind is decided again. */
  settingsChanged(): void {
    this.epoch++;
  }

  /** Files on disk changed: documents of kinds that read files beside their text when built are built again. */
  diskChanged(): void {
    for (const [uri, cached] of this.cache) if (cached.kind && !languages[cached.kind].textOnly) this.cache.delete(uri);
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.pending.forget(uri);
  }
}
