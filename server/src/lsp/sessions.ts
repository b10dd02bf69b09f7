import type { TextDocument } from "vscode-languageserver-textdocument";
import { DocumentKind, DocumentSession, languages, sizeOnlySession } from "../service/languages";
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
 * Text of the sessions the workspace index built and keeps for a file's opening, at most: an opened file
 * whose text the index analysed last gets its model without building it again.
 */
const KEPT_TEXT = 1024 * 1024;

/**
 * One session (model) per open document version. Keyed by version and text: a client may reopen a document or
 * send a change without a new version number. The previous version's session is updated from the recorded
 * changes when the document kept its kind.
 *
 * One model per file text: the workspace index analyses an open pack through its session when the texts are
 * the same (`forText`), and keeps the last sessions it built so that opening one of those files reuses it.
 */
export class Sessions {
  private readonly cache = new Map<string, Cached>();
  /** Sessions the index built, by URI, oldest first; their texts total at most KEPT_TEXT. */
  private readonly kept = new Map<string, { kind: DocumentKind; text: string; session: DocumentSession }>();
  private keptText = 0;
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
    if (kind && !session) session = this.take(doc.uri, kind, doc.getText()) ?? this.build(kind, doc.getText(), doc.uri);
    this.cache.set(doc.uri, { version: doc.version, text: doc.getText(), kind, epoch: this.epoch, session });
    return session;
  }

  /**
   * The session of a file's text for the workspace index: the open document's when it has this text and kind,
   * else one built now and kept for the file's opening. Undefined for a kind whose model also reads files beside
   * it (case files: their Skill folder) when built: the index builds its own.
   */
  forText(doc: TextDocument | undefined, uri: string, kind: DocumentKind, text: string): DocumentSession | undefined {
    if (!languages[kind].textOnly) return undefined;
    if (doc && doc.getText() === text && this.host.kindOf(doc) === kind) {
      const session = this.of(doc);
      if (session) return session;
    }
    const kept = this.kept.get(uri);
    if (kept && kept.kind === kind && kept.text === text) return kept.session;
    const session = this.build(kind, text, uri);
    this.keep(uri, kind, text, session);
    return session;
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

  /** A session the index kept for this text, handed over (an open document's session is updated, which uses it up). */
  private take(uri: string, kind: DocumentKind, text: string): DocumentSession | undefined {
    const kept = this.kept.get(uri);
    if (!kept || kept.kind !== kind || kept.text !== text) return undefined;
    this.drop(uri);
    return kept.session;
  }

  private keep(uri: string, kind: DocumentKind, text: string, session: DocumentSession): void {
    this.drop(uri);
    if (text.length > KEPT_TEXT) return;
    this.kept.set(uri, { kind, text, session });
    this.keptText += text.length;
    for (const [oldest, entry] of this.kept) {
      if (this.keptText <= KEPT_TEXT) break;
      this.kept.delete(oldest);
      this.keptText -= entry.text.length;
    }
  }

  private drop(uri: string): void {
    const kept = this.kept.get(uri);
    if (!kept) return;
    this.kept.delete(uri);
    this.keptText -= kept.text.length;
  }
}
