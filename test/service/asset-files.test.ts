import { test } from "node:test";
import assert from "node:assert/strict";
import { assetFileDiagnostics, assetPathRefs, buildPackModel, documentLinks, type AssetFiles } from "../../server/src/service/pack";
import { marked, yaml } from "../helpers/fixture";
import { pack } from "../helpers/packs";

/** Every kind of file path a pack writes, each marked: version, challenge and case assets, a case input, a legacy item's asset. */
const src = pack({
  version: yaml`
    version:
      number: 1
      assets:
        - key: policy_pdf
          path: ⟦assets/policy.pdf⟧
  `,
  challenges: yaml`
    challenges:
      - key: refund-question
        title: Refund question
        category: support
        difficulty: easy
        assets:
          - key: faq
            path: "⟦docs/faq.md⟧"
  `,
  inputSets: yaml`
    input_sets:
      - key: refund-smoke
        name: Refund Smoke
        cases:
          - challenge_key: refund-question
            case_key: refund-window-basic
            assets:
              - key: receipt
                path: ⟦../../etc/passwd⟧
            inputs:
              - key: prompt
                kind: file
                path: "⟦  /abs/prompt.txt ⟧"
              - key: remote
                kind: file
                path: ⟦https://example.com/x.json⟧
              - key: templated
                kind: file
                path: ⟦fixtures/{{order_id}}.json⟧
      - key: legacy-smoke
        name: Legacy Smoke
        items:
          - challenge_key: refund-question
            item_key: legacy-one
            assets:
              - key: scan
                path: ⟦scans/one.png⟧
  `,
});
const m = marked(src);
const model = buildPackModel(m.text);

/** A host that knows two files and a folder; everything else is missing, absolute or escaping. */
const disk: AssetFiles = (p) => {
  if (p === "assets/policy.pdf" || p === "scans/one.png") return { state: "file", target: `file:///ws/packs/${p}` };
  if (p === "docs/faq.md") return { state: "missing", shown: "packs/docs/faq.md" };
  if (p.startsWith("/")) return { state: "outside", reason: "absolute", shown: p };
  if (p.startsWith("..")) return { state: "outside", reason: "escapes", shown: "/etc/passwd" };
  throw new Error(`not a local path, must not be looked up: ${p}`);
};

test("asset paths: every file path a pack writes, with its field path, trimmed, ranged inside quotes", () => {
  const refs = assetPathRefs(model);
  assert.deepEqual(
    refs.map((r) => [r.field, r.path]),
    [
      ["version.assets[0].path", "assets/policy.pdf"],
      ["challenges[0].assets[0].path", "docs/faq.md"],
      ["input_sets[0].cases[0].assets[0].path", "../../etc/passwd"],
      ["input_sets[0].cases[0].inputs[0].path", "/abs/prompt.txt"],
      ["input_sets[0].cases[0].inputs[1].path", "https://example.com/x.json"],
      ["input_sets[0].cases[0].inputs[2].path", "fixtures/{{order_id}}.json"],
      ["input_sets[1].cases[0].assets[0].path", "scans/one.png"],
    ],
  );
  assert.deepEqual(refs.map((r) => r.range).slice(0, 3), m.ranges.slice(0, 3));
});

test("asset paths: a missing file is a warning with the resolved path; absolute and escaping paths are warned about, never looked at", () => {
  const found = assetFileDiagnostics(assetPathRefs(model), disk);
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.field, d.message]),
    [
      ["asset-file-missing", "warning", "challenges[0].assets[0].path", "refers to a missing file: packs/docs/faq.md"],
      ["asset-path-outside-workspace", "warning", "input_sets[0].cases[0].assets[0].path", "leads outside the workspace (/etc/passwd); it is not checked"],
      [
        "asset-path-outside-workspace",
        "warning",
        "input_sets[0].cases[0].inputs[0].path",
        "is an absolute path; write it relative to the pack's folder (files outside the workspace are not checked)",
      ],
    ],
  );
  assert.deepEqual(
    found.map((d) => d.range),
    [m.ranges[1], m.ranges[2], m.ranges[3]],
  );
  assert.deepEqual(found[0].data, { path: "docs/faq.md", resolved: "packs/docs/faq.md" });
});

test("asset paths: rule levels apply (off drops, a level replaces the severity)", () => {
  const found = assetFileDiagnostics(assetPathRefs(model), disk, { rules: { "asset-file-missing": "error", "asset-path-outside-workspace": "off" } });
  assert.deepEqual(
    found.map((d) => [d.code, d.severity]),
    [["asset-file-missing", "error"]],
  );
});

test("asset paths: existing files become document links; URLs and placeholders are never looked up", () => {
  const links = documentLinks(model, (p) => {
    const f = disk(p);
    return f.state === "file" ? f.target : undefined;
  });
  assert.deepEqual(links, [
    { range: m.ranges[0], target: "file:///ws/packs/assets/policy.pdf", tooltip: "Open assets/policy.pdf" },
    { range: m.ranges[6], target: "file:///ws/packs/scans/one.png", tooltip: "Open scans/one.png" },
  ]);
});
