import type { Advisory } from "../rules/context";
import type { Span } from "../types";
import { intentOf } from "./input-set-intent";

const REMOTE = /^(https?|ftp|s3|gs):\/\//i;
const LARGE = /\.(zip|tar|tgz|gz|bz2|xz|7z|iso|mp4|mov|avi|mkv|webm|wav|flac|mp3|parquet|sqlite|db)$/i;

/** CI and smoke sets should be deterministic and cheap: no remote URLs, no large binary fixtures. */
export const ciDeterminismAdvisory: Advisory = (ctx) => {
  ctx.bundle.input_sets.forEach((set, i) => {
    const intent = intentOf(set.key);
    if (intent !== "ci" && intent !== "smoke") return;
    set.cases.forEach((c, j) => {
      const found: { span: Span; what: string }[] = [];
      const scan = (value: unknown, owner: object, key: string) => {
        if (typeof value === "string" && REMOTE.test(value.trim())) found.push({ span: ctx.at.value(owner, key), what: "a remote URL" });
        else if (Array.isArray(value)) value.forEach((v, k) => scanItem(v, value, k));
        else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) scan(v, value, k);
      };
      const scanItem = (v: unknown, list: unknown[], k: number) => {
        if (typeof v === "string" && REMOTE.test(v.trim())) found.push({ span: ctx.at.item(list, k), what: "a remote URL" });
        else if (v && typeof v === "object") for (const [key, x] of Object.entries(v)) scan(x, v, key);
      };
      if (c.payload) for (const [k, v] of Object.entries(c.payload)) scan(v, c.payload, k);
      for (const input of c.inputs) {
        scan(input.value, input, "value");
        scan(input.path, input, "path");
        if (LARGE.test(input.path)) found.push({ span: ctx.at.value(input, "path"), what: "a large file" });
      }
      for (const a of c.assets) {
        scan(a.path, a, "path");
        if (LARGE.test(a.path)) found.push({ span: ctx.at.value(a, "path"), what: "a large file" });
      }
      for (const f of found) {
        ctx.advise(
          "ci-set-nondeterministic",
          "information",
          `input_sets[${i}].cases[${j}]`,
          f.span,
          `Case ${JSON.stringify(c.case_key || c.item_key)} of the -${intent} input set ${JSON.stringify(set.key)} uses ${f.what}; CI sets should be deterministic and cheap.`,
          { data: { intent } },
        );
      }
    });
  });
};
