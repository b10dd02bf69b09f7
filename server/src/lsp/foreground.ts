import { Message, type NotificationMessage } from "vscode-languageserver/node";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The work that must not wait for the workspace index: messages read from the client and not yet handled,
 * requests being answered, open documents' diagnostics that are due. The index reads its next file (its part on
 * the main thread; the analysis runs in a worker thread) only while none of these waits (`idle`).
 *
 * A message counts from the moment the transport reads it (`arrived`, before the connection queues it for
 * dispatch; `dispatched` ends it), so the index reads no file while a message sits in the queue. What
 * it starts (a request's handler, a due publication) holds the index on its own (`hold`).
 */
export class Foreground {
  /** Requests read and not dispatched, by id (a client may reuse one: the connection then dispatches it once). */
  private readonly requests = new Set<string>();
  private notifications = 0;
  /** A message is partly read (the transport reads a large one in many chunks). */
  private partial = false;
  private holds = 0;
  /** Requests waiting for the index (`aside`). */
  private awaiting = 0;
  private waiters: (() => void)[] = [];
  private was = { busy: false, awaiting: false };

  /** Called when `busy` or `awaitingIndex` changes (the server holds the index's worker thread while busy). */
  onChange: (busy: boolean, awaitingIndex: boolean) => void = () => undefined;

  /** Where `$/logTrace` messages go (the server sets it once it has a connection). */
  trace: (message: string) => void = () => undefined;

  /** The transport read a message. */
  arrived(message: Message): void {
    if (Message.isRequest(message)) {
      this.requests.add(String(message.id));
      this.trace(`received request ${message.method} #${message.id}`);
    } else if (counted(message)) {
      this.notifications++;
      this.trace(`received notification ${message.method}`);
    }
    this.changed();
  }

  /** The transport has part of a message and waits for the rest (or has none pending: false). */
  reading(partial: boolean): void {
    this.partial = partial;
    if (partial) this.changed();
    else this.wakeIfIdle();
  }

  /** The connection handled a message (a request's handler has started, holding the index if it must). */
  dispatched(message: Message): void {
    if (Message.isRequest(message)) this.requests.delete(String(message.id));
    else if (counted(message) && this.notifications > 0) this.notifications--;
    this.wakeIfIdle();
  }

  /** Foreground work begins; the function returned ends it (once, however often it is called). */
  hold(): () => void {
    this.holds++;
    this.changed();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.holds--;
      this.wakeIfIdle();
    };
  }

  /** Runs `wait` (a request waiting for the index itself) without holding the index back meanwhile. */
  async aside<T>(wait: Promise<T>): Promise<T> {
    this.holds--;
    this.awaiting++;
    this.wakeIfIdle();
    try {
      return await wait;
    } finally {
      this.holds++;
      this.awaiting--;
      this.changed();
    }
  }

  /** Whether a request waits for the index: then it should go on at once. */
  get awaitingIndex(): boolean {
    return this.awaiting > 0;
  }

  get busy(): boolean {
    return this.partial || this.requests.size > 0 || this.notifications > 0 || this.holds > 0;
  }

  /**
   * Resolves when nothing waits. First lets the event loop read what has arrived; after foreground work ends, lets
   * its answer be written (the connection's writer queues each write for an immediate).
   */
  async idle(): Promise<void> {
    await tick();
    while (this.busy) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      await tick();
      await tick();
    }
  }

  private changed(): void {
    const now = { busy: this.busy, awaiting: this.awaitingIndex };
    if (now.busy === this.was.busy && now.awaiting === this.was.awaiting) return;
    this.was = now;
    this.onChange(now.busy, now.awaiting);
  }

  private wakeIfIdle(): void {
    this.changed();
    if (this.busy) return;
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** A notification the connection dispatches: `$/cancelRequest` for a running request is handled as it is read. */
function counted(message: Message): message is NotificationMessage {
  return Message.isNotification(message) && message.method !== "$/cancelRequest";
}
