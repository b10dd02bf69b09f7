/**
 * Preloaded (`node --require`) into the language server and the CLI by the security tests: every way to reach the
 * network or to start a process throws, and says so on stderr first, so that a test sees the attempt even when
 * the caller catches the exception. Worker threads inherit the preload through execArgv.
 */
import { writeSync } from "node:fs";

export const FORBIDDEN = "PACKLINT-FORBIDDEN";

function forbid(what: string) {
  return function forbidden(): never {
    writeSync(2, `${FORBIDDEN} ${what}\n${new Error().stack ?? ""}\n`);
    throw new Error(`${FORBIDDEN}: ${what}`);
  };
}

function hook(moduleName: string, names: string[], target?: Record<string, unknown>): void {
  const m = (target ?? require(moduleName)) as Record<string, unknown>;
  for (const name of names) if (typeof m[name] === "function") m[name] = forbid(`${moduleName}.${name}`);
}

const functions = (m: object) => Object.keys(m).filter((k) => typeof (m as Record<string, unknown>)[k] === "function");

hook("child_process", functions(require("node:child_process")));
hook("net", ["connect", "createConnection", "createServer"]);
hook("net.Socket.prototype", ["connect"], require("node:net").Socket.prototype);
hook("net.Server.prototype", ["listen"], require("node:net").Server.prototype);
hook("tls", ["connect", "createServer"]);
hook("http", ["request", "get", "createServer"]);
hook("https", ["request", "get", "createServer"]);
hook("http2", ["connect", "createServer", "createSecureServer"]);
hook("dgram", ["createSocket"]);
hook(
  "dns",
  functions(require("node:dns")).filter((k) => k !== "Resolver"),
);
hook("dns.promises", functions(require("node:dns").promises), require("node:dns").promises);
hook("globalThis", ["fetch", "WebSocket", "EventSource"], globalThis as unknown as Record<string, unknown>);

/**
 * With PACKLINT_FS_ALLOW (a JSON list of folders), file-system calls on paths outside those folders are forbidden
 * too: the test runs the server with its own code, its dependencies and a temporary workspace allowed, nothing else.
 */
const allow = process.env.PACKLINT_FS_ALLOW ? (JSON.parse(process.env.PACKLINT_FS_ALLOW) as string[]) : undefined;
if (allow) {
  const { resolve, relative, isAbsolute, sep } = require("node:path") as typeof import("node:path");
  const fs = require("node:fs") as Record<string, unknown> & { promises: Record<string, unknown> };
  const inside = (p: unknown) => {
    if (typeof p !== "string" && !(p instanceof URL) && !Buffer.isBuffer(p)) return true; // a file descriptor
    const path = resolve(p instanceof URL ? p.pathname : String(p));
    return allow.some((root) => {
      const r = relative(root, path);
      return r === "" || (r !== ".." && !r.startsWith(".." + sep) && !isAbsolute(r));
    });
  };
  const guard = (target: Record<string, unknown>, prefix: string, names: string[]) => {
    for (const name of names) {
      const original = target[name];
      if (typeof original !== "function") continue;
      const wrapped = function (this: unknown, path: unknown, ...rest: unknown[]) {
        if (!inside(path)) forbid(`${prefix}.${name}(${String(path)})`)();
        return (original as (...a: unknown[]) => unknown).call(this, path, ...rest);
      };
      Object.assign(wrapped, original); // realpathSync.native and the like
      target[name] = wrapped;
    }
  };
  const pathFunctions = [
    "readFile",
    "readFileSync",
    "stat",
    "statSync",
    "lstat",
    "lstatSync",
    "exists",
    "existsSync",
    "open",
    "openSync",
    "readdir",
    "readdirSync",
    "realpath",
    "realpathSync",
    "readlink",
    "readlinkSync",
    "access",
    "accessSync",
    "createReadStream",
    "opendir",
    "opendirSync",
    "watch",
    "watchFile",
  ];
  guard(fs, "fs", pathFunctions);
  guard(fs.promises, "fs.promises", pathFunctions);
}
