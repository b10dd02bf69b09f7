import type { WorkDoneProgressServerReporter } from "vscode-languageserver/node";

/**
 * Reports an index build through `window/workDoneProgress` (a Null reporter when the client does not support
 * it). The build does not wait for the client to accept the progress token: it starts at once, and the
 * reporter joins in when it arrives (ending at once if the build is already over).
 */
export class IndexProgress {
  private reporter?: WorkDoneProgressServerReporter;
  private finished = false;
  private percent = -1;
  private message = "looking for packs";

  constructor(create: () => Promise<WorkDoneProgressServerReporter>) {
    create().then(
      (r) => {
        r.begin("packlint: indexing packs", 0, this.message, false);
        if (this.finished) r.done();
        else this.reporter = r;
      },
      () => undefined,
    );
  }

  report(done: number, total: number): void {
    const percent = total ? Math.floor((done * 100) / total) : 100;
    if (percent === this.percent) return;
    this.percent = percent;
    this.message = `${done}/${total} files`;
    this.reporter?.report(percent, this.message);
  }

  done(): void {
    this.finished = true;
    this.reporter?.done();
    this.reporter = undefined;
  }
}
