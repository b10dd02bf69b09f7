import { type DocumentKind, decodeYamlFile } from "../service";
import { type Expansion, type FoundFile } from "./files";
import { kindByContent } from "../workspace/project";
import { printableLine } from "./format-text";
import { readRegularFile } from "../workspace/regular-files";

const KIND_NAME: Record<DocumentKind, string> = { "challenge-pack": "challenge pack", "skill-cases": "Skill case file" };
const BY: Record<NonNullable<FoundFile["by"]>, string> = { name: "by name", config: 'by a config\'s "packs" globs', content: "by content" };

/** `--list-files`: each file the run would check and as what kind, then each file it leaves out and why, then what it cannot read. */
export function listFiles({ files, skipped, unreadable }: Expansion): string {
  let out = "";
  for (const f of files) out += `${printableLine(f.path)}: ${checkedAs(f)}\n`;
  for (const s of skipped) out += `${printableLine(s.path)}: skipped: ${s.reason}\n`;
  for (const u of unreadable) out += `${printableLine(u.path)}: cannot be read: ${u.reason}\n`;
  return out;
}

function checkedAs(f: FoundFile): string {
  if (f.kind) return `checked as a ${KIND_NAME[f.kind]} (${f.by ? BY[f.by] : "by name"})`;
  if (f.stdin) return "checked as its content decides (standard input is not read to list it)";
  // Named on the command line, its name says nothing: what validation will make of it.
  const kind = kindByContent(decodeYamlFile(readRegularFile(f.path)).text);
  return kind ? `checked as a ${KIND_NAME[kind]} (${BY.content})` : "checked, but neither a pack nor a case file by name or content: reported as not-a-pack";
}
