import { readFileSync } from "node:fs";

/** Polls a file until its text satisfies `ok` (an editor saves asynchronously); the last text read is in the error. */
export async function waitForFile(path: string, ok: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let text = "";
  for (;;) {
    try {
      text = readFileSync(path, "utf8");
    } catch {
      text = "";
    }
    if (ok(text)) return text;
    if (Date.now() > until) throw new Error(`${path} did not reach the expected text within ${timeoutMs} ms; it reads:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
