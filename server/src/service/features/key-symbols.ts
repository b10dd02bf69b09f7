import type { PackModel } from "../pack-model";
import { toRange } from "../pack-model";
import type { Range } from "../types";
import { SymbolKind as LspSymbolKind } from "vscode-languageserver-types";
import { nameIn } from "../model/symbols";

/**
 * The keys a workspace symbol search finds: what a pack author jumps to across packs. Inputs and expectations are
 * left out: their keys repeat in every case (`prompt`), and would bury the rest.
 */
export type KeySymbolKind = "pack" | "challenge" | "input-set" | "case" | "asset" | "validator" | "metric" | "judge" | "dimension" | "check";

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
  pack: LspSymbolKind.Package,
  challenge: LspSymbolKind.Class,
  "input-set": LspSymbolKind.Module,
  case: LspSymbolKind.Object,
  asset: LspSymbolKind.File,
  validator: LspSymbolKind.Function,
  metric: LspSymbolKind.Variable,
  judge: LspSymbolKind.Event,
  dimension: LspSymbolKind.Field,
  check: LspSymbolKind.Function,
};

const WANTED = new Set<string>(Object.keys(KEY_SYMBOL_KINDS));

/** The pack itself (by its slug), then every key declared in it but inputs' and expectations', from its symbol table. */
export function keySymbols(model: PackModel): KeySymbol[] {
  const { bundle: b, at } = model;
  const pack = b.pack.slug || b.pack.name || "pack";
  const out: KeySymbol[] = [];
  const named = at.has(b.pack, "slug") ? "slug" : at.has(b.pack, "name") ? "name" : undefined;
  if (named) {
    const name = b.pack[named];
    const span = at.value(b.pack, named);
    if (name)
      out.push({
        name,
        kind: "pack",
        range: toRange(model.lines, nameIn(model.text, span, name)),
        container: named === "slug" && b.pack.name ? b.pack.name : "",
      });
  }
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
