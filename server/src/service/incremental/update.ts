import { assemblePackModel, DECODE_CACHE, PackModel, READER_SCAN } from "../pack-model";
import { CacheSlot } from "../model/model-cache";
import { DecodeCache } from "../model/decode-cache";
import {
  acceptQuoteEscapes,
  CONTROL_CHARACTER,
  controlCharacters,
  keyLimitAsReference,
  MAX_CONTROL_CHARACTERS,
  parseYaml,
  readerProblems,
  scanReader,
  hasInnerMark,
  syntaxProblems,
  TAB_AS_INDENT,
  type SyntaxProblem,
} from "../yaml/parse";
import { applyChanges, type Edit, TextChange } from "./edit";
import { hasAnchors, spliceEdit } from "./splice";

/**
 * The model of the next version of a document, from the previous version's model and the LSP content changes
 * between them. Only the smallest unit around the edit that YAML can parse on its own is parsed again and
 * spliced into the previous version's YAML document (ranges after it shifted); units whose nodes did not
 * change keep their decoded values. An edit that cannot be isolated (a change of indentation across units,
 * an unclosed quote, a document marker, anchors and aliases, a whole-document change) parses the whole text.
 * Diagnostics are those of buildPackModel on the new text, exactly (the property test checks it).
 *
 * The new model takes over the previous one's parts (its text lines, YAML document and decode cache are
 * updated in place): `previous` must not be used afterwards.
 */
export function updatePackModel(previous: PackModel, changes: readonly TextChange[], version = previous.lines.version + 1): PackModel {
  const cache = previous.cache.peek(DECODE_CACHE);
  const oldText = previous.text;
  const lines = previous.lines;
  const edit = applyChanges(lines, changes, version);
  const text = lines.getText();
  const doc = previous.yaml;
  const controls = previousControlCharacters(previous);
  // The reference's reader, rescanned from before the edit until it is back in step: where it stops reading, its errors.
  // A byte order mark inside the text can change what the reader reads far from the edit (bom-blocks.ts): parse it all.
  const marks = hasInnerMark(oldText) || hasInnerMark(text);
  const reader = edit && !marks && previous.readingEnd === oldText.length ? scanReader(text, previous.cache.peek(READER_SCAN), edit) : undefined;
  if (
    edit &&
    reader &&
    reader.end === text.length &&
    reader.shallowLines.length === 0 &&
    cache &&
    doc &&
    isSplittable(cache, previous) &&
    !insertsLineBreaks(text, edit) &&
    !hasLimitFindings(previous) &&
    !hasIndentTabs(previous) &&
    controls.length < MAX_CONTROL_CHARACTERS
  ) {
    try {
      const unchanged = edit.start === edit.oldEnd && edit.oldEnd === edit.newEnd;
      const spliced = unchanged ? { dirty: new Set<never>(), parsedChars: 0 } : spliceEdit(doc, oldText, text, edit);
      // A tab used as indentation is recovered from by parsing the whole text again (tab-recovery.ts).
      if (spliced && !doc.errors.some((e) => e.code === TAB_AS_INDENT)) {
        cache.dirty = spliced.dirty;
        acceptQuoteEscapes(doc, text);
        const own = keyLimitAsReference(syntaxProblems(doc), reader, text);
        const syntax = [...own, ...readerProblems(reader, text, own), ...controlCharactersAfter(controls, edit, text)].sort(
          (a, b) => a.span.start - b.span.start,
        );
        const model = assemblePackModel(text, lines, { doc, reader, syntax }, cache);
        model.cache.set(UPDATE, { parsed: "unit", parsedChars: spliced.parsedChars });
        return model;
      }
    } catch {
      // A splice that failed half-way leaves the old document unusable: parse the whole text.
    } finally {
      cache.dirty = new Set();
    }
  }
  const model = assemblePackModel(text, lines, parseYaml(text), new DecodeCache());
  model.cache.set(UPDATE, { parsed: "document", parsedChars: text.length });
  return model;
}

/** Whether the previous version was parsed with tabs of its indentation read as spaces (tab-recovery.ts). */
function hasIndentTabs(model: PackModel): boolean {
  return model.syntax.some((p) => p.yamlCode === TAB_AS_INDENT);
}

/** How a model was updated: one unit parsed again, or the whole document; and how many characters were parsed. */
export interface UpdateInfo {
  parsed: "unit" | "document";
  parsedChars: number;
}

const UPDATE = new CacheSlot<UpdateInfo>("incremental update");

/** How `model` was made by updatePackModel (undefined for a model built from scratch). */
export function updateInfo(model: PackModel): UpdateInfo | undefined {
  return model.cache.peek(UPDATE);
}

/** The disallowed characters the previous version reported (all of them, unless there were MAX_CONTROL_CHARACTERS). */
function previousControlCharacters(model: PackModel): SyntaxProblem[] {
  return model.syntax.filter((p) => p.yamlCode === CONTROL_CHARACTER);
}

/** The text's disallowed characters without scanning it whole: the previous ones around the edit, shifted, and the edited region's. */
function controlCharactersAfter(previous: SyntaxProblem[], edit: Edit, text: string): SyntaxProblem[] {
  const shift = edit.newEnd - edit.oldEnd;
  const before = previous.filter((p) => p.span.start < edit.start);
  const after = previous.filter((p) => p.span.start >= edit.oldEnd).map((p) => ({ ...p, span: { start: p.span.start + shift, end: p.span.end + shift } }));
  return [...before, ...controlCharacters(text, edit.start, edit.newEnd), ...after].slice(0, MAX_CONTROL_CHARACTERS);
}

/** A document the parser pruned (too deep) is parsed whole again: the pruning is the whole parse's. */
function hasLimitFindings(model: PackModel): boolean {
  return model.findings.some((f) => f.code === "yaml-nesting-too-deep");
}

/** Whether units of this document can be parsed alone at all: no anchors or aliases, and no lone CR, NEL, LS or PS. */
function isSplittable(cache: DecodeCache, model: PackModel): boolean {
  // These make the text's lines differ from the parser's (parse.ts reads each as a line break, as the reference does).
  cache.splittable ??= !READER_BREAK.test(model.text) && (!/[&*]/.test(model.text) || !hasAnchors(model.yaml?.contents));
  return cache.splittable;
}

const READER_BREAK = /\r(?!\n)|[\u0085\u2028\u2029]/;

/** Whether the edit wrote a line break only the reference's reader sees (or a CR that may be one). */
function insertsLineBreaks(text: string, edit: Edit): boolean {
  return /[\r\u0085\u2028\u2029]/.test(text.slice(edit.start, edit.newEnd));
}
