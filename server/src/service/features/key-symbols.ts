import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Range } from "../types";
import { SymbolKind as LspSymbolKind } from "vscode-languageserver-types";

/** The keys a workspace symbol search finds: what a pack author jumps to across packs. */
export type KeySymbolKind = "challenge" | "input-set" | "case" | "validator";

export interface KeySymbol {
  name: string;
  kind: KeySymbolKind;
  /** The key's name as written. */
  range: Range;
  /** Where it lives: the pack's slug (or name), and for a case its input set's key. */
  container: string;
}

/** LSP SymbolKind of each, as the outline shows them. */
export const KEY_SYMBOL_KINDS: Record<KeySymbolKind, LspSymbolKind> = {
  challenge: LspSymbolKind.Class,
  "input-set": LspSymbolKind.Module,
  case: LspSymbolKind.Object,
  validator: LspSymbolKind.Function,
};

const WANTED = new Set<string>(Object.keys(KEY_SYMBOL_KINDS));

/** Challenge, input set, case and validator keys declared in a pack, from its symbol table. */
export function keySymbols(model: PackModel): KeySymbol[] {
  const b = model.bundle;
  const pack = b.pack.slug || b.pack.name || "pack";
  const out: KeySymbol[] = [];
  for (const d of model.symbols.declarations) {
    if (!WANTED.has(d.kind)) continue;
    let container = pack;
    if (d.kind === "case") {
      const set = /^input_sets\[(\d+)\]/.exec(d.field);
      const key = set ? b.input_sets[Number(set[1])]?.key : undefined;
      if (key) container = `${pack} › ${key}`;
    }
    out.push({ name: d.name, kind: d.kind as KeySymbolKind, range: toRange(model.lines, d.span), container });
  }
  return out;
}
