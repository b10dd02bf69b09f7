/**
 * The reference reports a value of the wrong type in Go's words (`json: cannot unmarshal number into Go struct
 * field .config.case_sensitive of type bool`). The message stays the reference's; this is what an author reads
 * instead: `<field>: expected true or false, got a number`. Undefined for any other message.
 */
export function typeErrorText(field: string | null | undefined, message: string): string | undefined {
  const m = /cannot unmarshal (.+?) into Go (?:struct field \S* |value )of type (\S+)/.exec(message);
  if (!m) return undefined;
  const [, kind, goType] = m;
  const number = /^number (.+)$/.exec(kind);
  const got = number ? `a number (\`${number[1]}\`)` : (KINDS[kind] ?? kind);
  return `${field ?? "a value"}: expected ${expected(goType)}, got ${got}`;
}

const KINDS: Record<string, string> = { string: "a string", number: "a number", bool: "true or false", array: "a list", object: "a mapping" };

function expected(goType: string): string {
  const t = goType.replace(/^\*+/, "");
  if (t.startsWith("[]")) return "a list";
  if (t.startsWith("map[")) return "a mapping";
  if (t === "string") return "a string";
  if (t === "bool") return "true or false";
  if (/^u?int(8|16|32|64)?$/.test(t)) return "a whole number";
  if (/^float(32|64)$/.test(t)) return "a number";
  return "a value of another kind";
}
