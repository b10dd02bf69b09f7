import { CancellationToken, Connection, ErrorCodes, LSPErrorCodes, ResponseError } from "vscode-languageserver/node";
import type { Foreground } from "./foreground";
import { paramsProblem } from "./params";

/**
 * The server's lifecycle (initialize, shutdown) and the guard every handler runs in, so that no request is
 * answered out of order and no exception reaches the connection.
 */
export class Lifecycle {
  /** initialize was received: before it, requests are answered ServerNotInitialized (LSP). */
  initialized = false;
  /** shutdown was received: after it, requests are answered InvalidRequest (LSP). */
  shutDown = false;

  constructor(
    private readonly connection: Connection,
    private readonly foreground: Foreground,
  ) {}

  log(what: string, e: unknown): void {
    this.connection.console.error(`packlint: ${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }

  /**
   * A request handler: yields once so a `$/cancelRequest` that is already queued is seen, answers a cancelled
   * request with RequestCancelled, and turns an exception into a logged, empty answer. The workspace index
   * waits until it is answered.
   */
  guard<P, R, E = void>(name: string, empty: R, fn: (params: P, token: CancellationToken) => R | ResponseError<E> | Promise<R | ResponseError<E>>) {
    return async (params: P, token: CancellationToken): Promise<R | ResponseError<E>> => {
      if (!this.initialized) return new ResponseError(ErrorCodes.ServerNotInitialized, `${name}: the server is not initialized`);
      if (this.shutDown) return new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shut down`);
      const problem = paramsProblem(name, params);
      if (problem) return new ResponseError(ErrorCodes.InvalidParams, problem);
      const end = this.foreground.hold();
      const started = performance.now();
      try {
        await new Promise((resolve) => setImmediate(resolve));
        if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
        const result = await fn(params, token);
        // Only when the client traces (packlint.trace.server): a line per request would be noise in the log.
        this.connection.tracer.log(`${name}: ${(performance.now() - started).toFixed(1)} ms`);
        if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
        return result;
      } catch (e) {
        this.log(name, e);
        return empty;
      } finally {
        end();
      }
    };
  }

  /** Runs a notification handler, logging instead of throwing. */
  safely(name: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.log(name, e);
    }
  }
}
