/** A one-line "validated N/M files" counter on stderr, redrawn in place; only for a terminal and long runs. */
export class Progress {
  private last = 0;
  private shown = false;

  constructor(
    private readonly write: (s: string) => void,
    private readonly enabled: boolean,
    private readonly intervalMs = 100,
  ) {}

  /** Worth showing: on a terminal, and enough files that the wait is noticeable. */
  static wanted(isTTY: boolean, files: number): boolean {
    return isTTY && files >= 10;
  }

  update(done: number, total: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (done < total && now - this.last < this.intervalMs) return;
    this.last = now;
    this.shown = true;
    this.write(`\r\u001b[Kpacklint: validated ${done}/${total} files`);
  }

  /** Erases the line so the results start on a clean line. */
  clear(): void {
    if (this.shown) this.write("\r\u001b[K");
    this.shown = false;
  }
}
