import type { YAMLMap } from "yaml";
import type { Entry, YamlView } from "./yaml-view";

/** The entry at a path of keys below a mapping (`entryAt(view, case, "expected", "skill", "should_use")`). */
export function entryAt(view: YamlView, map: YAMLMap | null, ...keys: string[]): Entry | undefined {
  let current = map;
  let entry: Entry | undefined;
  for (const key of keys) {
    entry = view.get(current, key);
    if (!entry) return undefined;
    current = view.asMap(entry.value);
  }
  return entry;
}
