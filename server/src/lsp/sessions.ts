import type { TextDocument } from "vscode-languageserver-textdocument";
import { DocumentKind, DocumentSession, languages, sizeOnlySession, MAX_CHECKED_LENGTH, type SkillHost } from "../service";
import { failedSession } from "../workspace/file-check";
import type { PendingChanges } from "./pending-changes";
import { injectedFault } from "../workspace/test-fault";

/** What the sessions need from the workspace: a document's kind and, for case files, their Skill folder. */
export interface SessionHost {
  kindOf(doc: TextDocument): DocumentKind | undefined;
  skillHost(uri: string): SkillHost;
  log(what: string, e: unknown): void;
  /** A model was built from a text (not updated from the previous version's). */
  built(uri: string): void;
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
 *
 * One model per file text: the workspace index summarizes an open pack from its session when the texts are the
 * same (`forText`) instead of analysing it again in its worker thread.
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
    if (kind && !session) session = this.build(kind, doc.getText(), doc.uri);
    this.cache.set(doc.uri, { version: doc.version, text: doc.getText(), kind, epoch: this.epoch, session });
    return session;
  }

  /**
   * The open document's session for the workspace index, when the document has this text and kind and the kind's
   * models depend on their text alone; undefined otherwise (the index analyses the file in its worker thread).
   */
  forText(doc: TextDocument | undefined, kind: DocumentKind, text: string): DocumentSession | undefined {
    if (!languages[kind].textOnly || !doc || doc.getText() !== text || this.host.kindOf(doc) !== kind) return undefined;
    return this.of(doc);
  }

  /** The session of the document's current version when it is built already (never builds one). */
  existing(doc: TextDocument): DocumentSession | undefined {
    const cached = this.cache.get(doc.uri);
    return cached?.version === doc.version && cached.epoch === this.epoch && cached.text === doc.getText() ? cached.session : undefined;
  }

  /** The document's kind, undefined when it is not ours (then it has no session). */
  kindOf(doc: TextDocument): DocumentKind | undefined {
    return this.host.kindOf(doc);
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

  /** A session from a text; one whose model throws gets a session with the one `internal-error` diagnostic. */
  private build(kind: DocumentKind, text: string, uri: string): DocumentSession {
    this.host.built(uri);
    try {
      injectedFault(text);
      return languages[kind].open(text, uri, { skillHost: this.host.skillHost(uri) });
    } catch (e) {
      this.host.log(`checking ${uri}`, e);
      return failedSession(kind, e);
    }
  }
}
