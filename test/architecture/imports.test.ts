import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { walkFiles } from "../../server/src/workspace/discovery";

/**
 * The layers as the imports draw them (ARCHITECTURE.md): the service imports nothing from the transport, the
 * disk, processes or the layers above it, and no source file takes part in an import circle (type-only
 * imports count: a circle of types is still a circle for whoever reads the code).
 */

const ROOT = join(__dirname, "..", "..", "..");
const SOURCES = [join(ROOT, "server", "src"), join(ROOT, "shared", "src")];
const SERVICE = join(ROOT, "server", "src", "service");

interface SourceFile {
  path: string;
  /** Every module specifier it imports or re-exports, with the file it resolves to (undefined for packages). */
  imports: { specifier: string; file?: string }[];
  /** Whether it reads the `process` global. */
  usesProcess: boolean;
}

function parse(path: string): SourceFile {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const imports: SourceFile["imports"] = [];
  let usesProcess = false;
  const add = (specifier: string) => imports.push({ specifier, file: specifier.startsWith(".") ? resolveModule(dirname(path), specifier) : undefined });
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) add(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text);
    else if (ts.isIdentifier(node) && node.text === "process" && isGlobalReference(node)) usesProcess = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { path, imports, usesProcess };
}

/** `process` as a value read, not a property or key that happens to be named so. */
function isGlobalReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (
    (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isParameter(parent) || ts.isVariableDeclaration(parent) || ts.isBindingElement(parent)) return false;
  return true;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(from, specifier);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) if (existsSync(candidate) && candidate.endsWith(".ts")) return candidate;
  return undefined;
}

const files = new Map<string, SourceFile>();
for (const dir of SOURCES) for (const path of walkFiles(dir)) if (path.endsWith(".ts") && !path.endsWith(".d.ts")) files.set(path, parse(path));
const rel = (path: string) => relative(ROOT, path).split(sep).join("/");

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.map(rel).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return out;
}

test("imports: the sources are read (the check has something to check)", () => {
  assert.ok(files.size > 150, `${files.size} source files`);
  const service = [...files.values()].filter((f) => f.path.startsWith(SERVICE + sep));
  assert.ok(service.length > 100);
  assert.ok(
    service.some((f) => f.imports.some((i) => i.specifier === "yaml")),
    "package imports are seen",
  );
  assert.ok(
    service.some((f) => f.imports.some((i) => i.file?.endsWith("types.ts"))),
    "relative imports are resolved",
  );
});

test("imports: no import circle in server/src or shared/src", () => {
  const graph = new Map([...files.values()].map((f) => [f.path, f.imports.flatMap((i) => (i.file && files.has(i.file) ? [i.file] : []))]));
  assert.deepEqual(circles(graph), []);
});

test("imports: the circle check finds a circle", () => {
  const graph = new Map([
    ["/a.ts", ["/b.ts"]],
    ["/b.ts", ["/c.ts"]],
    ["/c.ts", ["/a.ts"]],
    ["/d.ts", ["/a.ts"]],
  ]);
  assert.equal(circles(graph).length, 1);
  assert.equal(circles(graph)[0].length, 3);
});

/** What the service may not import: the transport, the disk, processes, and every layer above it. */
const FORBIDDEN_PACKAGES = [
  /^vscode-languageserver(\/|$)/,
  /^vscode-jsonrpc(\/|$)/,
  /^(node:)?fs(\/|$)/,
  /^(node:)?child_process$/,
  /^(node:)?process$/,
  /^(node:)?worker_threads$/,
];
const FORBIDDEN_DIRS = ["shared/src", "server/src/lsp", "server/src/cli", "server/src/workspace"].map((d) => join(ROOT, ...d.split("/")) + sep);

test("imports: the service is pure: no LSP connection, disk, processes, shared/, lsp/, cli/ or workspace/", () => {
  const problems: string[] = [];
  for (const f of files.values()) {
    if (!f.path.startsWith(SERVICE + sep)) continue;
    for (const i of f.imports) {
      if (FORBIDDEN_PACKAGES.some((p) => p.test(i.specifier))) problems.push(`${rel(f.path)} imports ${i.specifier}`);
      const target = i.file ?? (i.specifier.startsWith(".") ? resolve(dirname(f.path), i.specifier) : undefined);
      if (target && FORBIDDEN_DIRS.some((d) => target.startsWith(d))) problems.push(`${rel(f.path)} imports ${rel(target)}`);
    }
    if (f.usesProcess) problems.push(`${rel(f.path)} reads process`);
  }
  assert.deepEqual(problems, []);
});

test("imports: the purity check sees forbidden imports", () => {
  const dir = join(SERVICE, "features");
  const probe = (text: string) => {
    const path = join(dir, "probe.ts");
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const specifiers: string[] = [];
    source.forEachChild((n) => ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && specifiers.push(n.moduleSpecifier.text));
    return specifiers.some((s) => FORBIDDEN_PACKAGES.some((p) => p.test(s)) || FORBIDDEN_DIRS.some((d) => resolve(dir, s).startsWith(d)));
  };
  assert.equal(probe(`import { readFileSync } from "node:fs";`), true);
  assert.equal(probe(`import { Connection } from "vscode-languageserver/node";`), true);
  assert.equal(probe(`import { Commands } from "../../../../shared/src/protocol";`), true);
  assert.equal(probe(`import type { Diagnostic } from "vscode-languageserver-types";`), false);
  assert.equal(probe(`import { join } from "node:path";`), false);
});

/**
 * The service's floors, bottom up, as ARCHITECTURE.md lists them. A service module imports only from its own folder
 * (or itself) and from lower floors; two places on one floor never import each other.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["types.ts", "action-kinds.ts", "sniff.ts", "large-files.ts"],
  ["util/", "diagnostics.ts"],
  ["catalog.ts", "yaml/"],
  ["model/", "rule-registry.ts"],
  ["schema/", "rules/", "diagnostic-text.ts", "skill-cases/"],
  ["advisories/"],
  ["hints.ts"],
  ["pack-model.ts"],
  ["asset-files.ts", "asset-files.book.ts", "suppressions.ts", "suppressions.book.ts", "incremental/", "report/"],
  ["docs/"],
  ["features/"],
  ["pack.ts"],
  ["languages.ts"],
  ["index.ts"],
];

/** The place (a top-level file or folder of the service) a service file belongs to, and its floor. */
function placeOf(path: string): { place: string; floor: number } | undefined {
  const inside = relative(SERVICE, path).split(sep);
  const place = inside.length > 1 ? `${inside[0]}/` : inside[0];
  const floor = FLOORS.findIndex((f) => f.includes(place));
  return floor < 0 ? undefined : { place, floor };
}

/** Every service import that runs up or sideways across the floors, as "from → to". */
function layerViolations(graph: Iterable<[string, string[]]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const a = placeOf(from);
    for (const to of targets) {
      const b = placeOf(to);
      if (!a || !b || a.place === b.place) continue;
      if (b.floor >= a.floor) out.push(`${rel(from)} → ${rel(to)} (floor ${a.floor} → ${b.floor})`);
    }
  }
  return out;
}

const serviceFiles = () => [...files.values()].filter((f) => f.path.startsWith(SERVICE + sep));

test("imports: every service file stands on a documented floor", () => {
  assert.deepEqual(
    serviceFiles()
      .filter((f) => !placeOf(f.path))
      .map((f) => rel(f.path)),
    [],
  );
});

test("imports: inside the service, imports only run down the floors", () => {
  const graph = serviceFiles().map((f): [string, string[]] => [f.path, f.imports.flatMap((i) => (i.file?.startsWith(SERVICE + sep) ? [i.file] : []))]);
  assert.deepEqual(layerViolations(graph), []);
});

test("imports: the floor check finds an import that runs up, and one sideways", () => {
  const at = (p: string) => join(SERVICE, ...p.split("/"));
  const violations = layerViolations([
    [at("util/lines.ts"), [at("model/source.ts"), at("types.ts")]],
    [at("rules/tools.ts"), [at("schema/keys.ts"), at("rules/context.ts")]],
  ]);
  assert.equal(violations.length, 2);
  assert.match(violations[0], /util\/lines\.ts → .*model\/source\.ts/);
  assert.match(violations[1], /rules\/tools\.ts → .*schema\/keys\.ts/);
});

test("imports: code outside the service reaches it only through service/index.ts", () => {
  const face = join(SERVICE, "index.ts");
  const problems: string[] = [];
  for (const f of files.values()) {
    if (f.path.startsWith(SERVICE + sep)) continue;
    for (const i of f.imports) if (i.file?.startsWith(SERVICE + sep) && i.file !== face) problems.push(`${rel(f.path)} imports ${rel(i.file)}`);
  }
  assert.deepEqual(problems, []);
});
