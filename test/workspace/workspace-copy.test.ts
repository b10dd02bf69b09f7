import { test } from "node:test";
import assert from "node:assert/strict";
import { useFileSystem } from "../../server/src/workspace/current-file-system";
import { ConfinedFiles } from "../../server/src/workspace/confined-files";
import { walkFiles } from "../../server/src/workspace/discovery";
import type { EntryKind } from "../../server/src/workspace/file-system";
import { type CopySource, WorkspaceCopy } from "../../server/src/workspace/workspace-copy";

/**
 * The web server's copy of the workspace (what `workspace.fs` answers through the client), as the server's code sees
 * it: the same confinement and walks as on disk, files read ahead or when first asked for.
 */

const text = new TextEncoder();

/** A workspace the client would list: `/ws` with a pack, a config, a Skill, an asset and a link; `/outside` beside it. */
function source(files: Record<string, string>, links: string[] = []) {
  const reads: string[] = [];
  const src: CopySource = {
    async list(path) {
      const out: [string, EntryKind][] = [];
      const all = [...Object.keys(files), ...links];
      const dirs = new Set(
        all.flatMap((f) =>
          f
            .split("/")
            .slice(1, -1)
            .map(
              (_, i) =>
                "/" +
                f
                  .split("/")
                  .slice(1, i + 2)
                  .join("/"),
            ),
        ),
      );
      if (dirs.has(path)) out.push(["", "directory"]);
      else if (path in files) return [["", "file"]];
      else if (links.includes(path)) return [["", "link"]];
      else return [];
      for (const d of dirs) if (d.startsWith(path + "/")) out.push([d.slice(path.length + 1), "directory"]);
      for (const f of Object.keys(files)) if (f.startsWith(path + "/")) out.push([f.slice(path.length + 1), "file"]);
      for (const l of links) if (l.startsWith(path + "/")) out.push([l.slice(path.length + 1), "link"]);
      return out;
    },
    async read(path, maxBytes) {
      reads.push(path);
      const content = files[path];
      return content === undefined || content.length > maxBytes ? undefined : text.encode(content);
    },
  };
  return { src, reads };
}

const FILES = {
  "/ws/support.pack.yaml": "pack: {}\n",
  "/ws/.packlintrc.json": "{}",
  "/ws/assets/policy.pdf": "%PDF",
  "/ws/skills/s/SKILL.md": "---\nname: s\n---\n",
  "/ws/skills/s/references/notes.md": "notes",
  "/ws/node_modules/x/package.json": "{}",
};

test("the copy reads packs, configs and SKILL.md ahead, other files when first asked for, and says when they arrive", async () => {
  const { src, reads } = source(FILES);
  const copy = new WorkspaceCopy();
  copy.connect(src);
  assert.equal(copy.ready(), false);
  await copy.load(["/ws"]);
  assert.equal(copy.ready(), true);
  assert.deepEqual(reads.sort(), ["/ws/.packlintrc.json", "/ws/node_modules/x/package.json", "/ws/skills/s/SKILL.md", "/ws/support.pack.yaml"]);
  assert.equal(new TextDecoder().decode(copy.readFile("/ws/support.pack.yaml", 100)), "pack: {}\n");
  assert.equal(copy.readFile("/ws/support.pack.yaml", 3), undefined, "larger than asked: not read");
  let arrived = 0;
  copy.onChange(() => arrived++);
  assert.equal(copy.readFile("/ws/skills/s/references/notes.md", 100), undefined, "not read yet: unreadable, not empty");
  await copy.prefetch("/ws/skills/s/references/notes.md");
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(arrived, 1);
  assert.equal(new TextDecoder().decode(copy.readFile("/ws/skills/s/references/notes.md", 100)), "notes");
  assert.equal(copy.lstat("/ws/assets"), "directory");
  assert.equal(copy.lstat("/ws/nothing"), undefined);
});

test("over the copy, ConfinedFiles and the walks see what they see on disk: inside the roots, regular files, no links", async () => {
  const { src } = source({ ...FILES, "/outside/secret.txt": "secret" }, ["/ws/secret-link.txt"]);
  const copy = new WorkspaceCopy();
  copy.connect(src);
  await copy.load(["/ws"]);
  const before = useFileSystem(copy);
  try {
    const files = new ConfinedFiles(["/ws"]);
    assert.equal(files.lookup("/ws", "assets/policy.pdf").state, "file");
    assert.equal(files.lookup("/ws", "assets").state, "directory");
    assert.equal(files.lookup("/ws", "assets/nope.pdf").state, "missing");
    assert.deepEqual(files.lookup("/ws", "../outside/secret.txt"), { state: "outside", path: "/outside/secret.txt", reason: "escapes" });
    assert.equal(files.lookup("/ws", "secret-link.txt").state, "missing", "a link is not followed");
    assert.equal(files.readFile("/outside/secret.txt"), undefined, "nothing outside the roots, even if the source had it");
    assert.deepEqual(files.listDir("/ws/skills/s"), ["SKILL.md", "references"]);
    const other: string[] = [];
    assert.deepEqual(
      [
        ...walkFiles(
          "/ws",
          () => false,
          (p) => other.push(p),
        ),
      ],
      ["/ws/.packlintrc.json", "/ws/assets/policy.pdf", "/ws/skills/s/SKILL.md", "/ws/skills/s/references/notes.md", "/ws/support.pack.yaml"],
    );
    assert.deepEqual(other, ["/ws/secret-link.txt"]);
  } finally {
    useFileSystem(before);
  }
});

test("a refresh after file events: a deleted file is gone, a created one is there and read", async () => {
  const files: Record<string, string> = { ...FILES };
  const { src } = source(files);
  const copy = new WorkspaceCopy();
  copy.connect(src);
  await copy.load(["/ws"]);
  delete files["/ws/support.pack.yaml"];
  files["/ws/new.pack.yaml"] = "pack: {}\n";
  await copy.refresh(["/ws/support.pack.yaml", "/ws/new.pack.yaml"]);
  assert.equal(copy.lstat("/ws/support.pack.yaml"), undefined);
  assert.ok(!copy.readdir("/ws")!.some((e) => e.name === "support.pack.yaml"));
  assert.equal(copy.lstat("/ws/new.pack.yaml"), "file");
  assert.ok(copy.readdir("/ws")!.some((e) => e.name === "new.pack.yaml"));
  assert.equal(new TextDecoder().decode(copy.readFile("/ws/new.pack.yaml", 100)), "pack: {}\n");
});
