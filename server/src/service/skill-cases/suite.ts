import type { Node, YAMLMap } from "yaml";
import type { Span } from "../types";
import type { YamlView } from "./yaml-view";
import { setOwn } from "../util/own-keys";

/** A case file's content as plain data, read leniently: a missing or mistyped field reads as its empty value. */
export interface SkillSuite {
  version: string;
  skill: { name: string; description: string };
  defaults: { mode: string; execution: string; output_format: string };
  cases: SkillCase[];
}

export interface SkillCase {
  /** Index in the written `cases` list. */
  index: number;
  id: string;
  type: string;
  title: string;
  query: string;
  inputs: { files: string[]; context: Record<string, unknown> };
  expected: {
    skill: { should_use: string; should_not_use: string[] };
    must_include: string[];
    must_not_include: string[];
    artifacts: string[];
    routing: Record<string, string>;
    /** Accepted other words per `must_include` term. */
    synonyms: Record<string, string[]>;
  };
  assertions: string[];
  tags: string[];
}

/** Where a case was written: the list item's node (null when the item is not a mapping) and its dash. */
export interface CaseSource {
  index: number;
  node: YAMLMap | null;
  written: Node | null;
  anchor: Span;
}

/** Reads the suite's plain data from the YAML root mapping. */
export function readSuite(view: YamlView, root: YAMLMap | null): { suite: SkillSuite; sources: CaseSource[] } {
  const str = (map: YAMLMap | null, key: string) => view.str(view.get(map, key)?.value)?.trim() ?? "";
  const strList = (map: YAMLMap | null, key: string) =>
    view
      .items(view.asSeq(view.get(map, key)?.value))
      .map((n) => view.str(n)?.trim())
      .filter((s): s is string => s !== undefined);
  const sub = (map: YAMLMap | null, key: string) => view.asMap(view.get(map, key)?.value);

  const skill = sub(root, "skill");
  const defaults = sub(root, "defaults");
  const suite: SkillSuite = {
    version: str(root, "version"),
    skill: { name: str(skill, "name"), description: str(skill, "description") },
    defaults: { mode: str(defaults, "mode"), execution: str(defaults, "execution"), output_format: str(defaults, "output_format") },
    cases: [],
  };
  const sources: CaseSource[] = [];
  const casesEntry = view.get(root, "cases");
  view.items(view.asSeq(casesEntry?.value)).forEach((item, index) => {
    const node = view.asMap(item);
    const anchor = item ? view.itemAnchor(item) : view.span(casesEntry?.value);
    sources.push({ index, node, written: item, anchor });
    const inputs = sub(node, "inputs");
    const expected = sub(node, "expected");
    const expSkill = sub(expected, "skill");
    const routing: Record<string, string> = {};
    for (const e of view.entries(sub(expected, "routing"))) routing[e.key] = view.str(e.value)?.trim() ?? "";
    suite.cases.push({
      index,
      id: str(node, "id"),
      type: str(node, "type"),
      title: str(node, "title"),
      query: view.str(view.get(node, "query")?.value)?.trim() ?? "",
      inputs: { files: strList(inputs, "files"), context: asRecord(plain(view, sub(inputs, "context"))) },
      expected: {
        skill: { should_use: str(expSkill, "should_use"), should_not_use: strList(expSkill, "should_not_use") },
        must_include: strList(expected, "must_include"),
        must_not_include: strList(expected, "must_not_include"),
        artifacts: strList(expected, "artifacts"),
        routing,
        synonyms: synonymsOf(plain(view, sub(expected, "synonyms"))),
      },
      assertions: strList(node, "assertions"),
      tags: strList(node, "tags"),
    });
  });
  return { suite, sources };
}

/** `term: [words]` (or `term: word`) as a map of lists of strings; anything else is left out. */
function synonymsOf(v: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [term, words] of Object.entries(asRecord(v))) {
    const list = (Array.isArray(words) ? words : [words]).filter((w): w is string => typeof w === "string" && w.trim() !== "");
    if (list.length) setOwn(out, term, list);
  }
  return out;
}

function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A YAML node as JSON-like data (scalars stay text). Depth-capped so aliases cannot recurse forever. */
function plain(view: YamlView, node: Node | null | undefined, depth = 0): unknown {
  if (depth > 32) return null;
  const map = view.asMap(node);
  if (map) {
    const out: Record<string, unknown> = {};
    for (const e of view.entries(map)) setOwn(out, e.key, plain(view, e.value, depth + 1));
    return out;
  }
  const seq = view.asSeq(node);
  if (seq) return view.items(seq).map((n) => plain(view, n, depth + 1));
  return view.str(node) ?? null;
}
