import type { InlayHint } from "vscode-languageserver-types";
import type { PackModel } from "../pack-model";
import type { Range } from "../types";

/** Longest hint label: a long input value is cut, with an ellipsis. */
export const MAX_HINT_LENGTH = 40;

/**
 * Inlay hints that save a jump: after a case's `challenge_key`, the challenge's title; after an expectation's
 * `source: input:<key>`, the value of that input of the case (or the file it names); after `source: artifact:<key>`,
 * the asset's path. With `range`, only the hints on its lines.
 */
export function inlayHints(model: PackModel, range?: Range): InlayHint[] {
  const { bundle: b, at, lines } = model;
  const out: InlayHint[] = [];
  const titles = new Map<string, string>();
  for (const c of b.challenges) if (!titles.has(c.key)) titles.set(c.key, c.title);
  const assets = new Map<string, string>();
  for (const a of b.version.assets) if (!assets.has(a.key)) assets.set(a.key, a.path);

  const hint = (owner: object, key: string, label: string | undefined, tooltip: string) => {
    if (!label || !at.has(owner, key)) return;
    const position = lines.positionAt(at.value(owner, key).end);
    if (range && (position.line < range.start.line || position.line > range.end.line)) return;
    out.push({ position, label: shorten(label), paddingLeft: true, tooltip });
  };

  for (const set of b.input_sets) {
    for (const c of set.cases) {
      hint(c, "challenge_key", titles.get(c.challenge_key), `The title of challenge “${c.challenge_key}”`);
      for (const e of c.expectations) {
        const m = /^(input|artifact):(.*)$/s.exec(e.source);
        if (!m) continue;
        const name = m[2].trim();
        if (m[1] === "artifact") {
          hint(e, "source", assets.get(name), `The path of asset “${name}”`);
          continue;
        }
        const input = c.inputs.find((i) => i.key === name);
        if (!input) continue;
        if (input.value === undefined || input.value === null) hint(e, "source", input.path || undefined, `The file of input “${name}” of this case`);
        else hint(e, "source", `= ${typeof input.value === "string" ? input.value : JSON.stringify(input.value)}`, `The value of input “${name}” of this case`);
      }
    }
  }
  return out;
}

/** One line, at most MAX_HINT_LENGTH characters. */
function shorten(label: string): string {
  const chars = [...label.replace(/\s+/g, " ").trim()];
  return chars.length > MAX_HINT_LENGTH
    ? chars
        .slice(0, MAX_HINT_LENGTH - 1)
        .join("")
        .trimEnd() + "…"
    : chars.join("");
}
