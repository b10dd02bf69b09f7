import { cpSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { quote } from "shell-quote";

/** The repository's fakes for `packlint skill run` and `--judge` (test/fixtures/skill-agent), and copies of fixtures to run them on. */

const ROOT = resolve(__dirname, "../../..");
const FAKES = join(ROOT, "test/fixtures/skill-agent");

/** The fake agent as an `--agent` command line, run by this Node. */
export const FAKE_AGENT = quote([process.execPath, join(FAKES, "fake-agent.js")]);
/** The fake judge as a `--judge` command line. */
export const FAKE_JUDGE = quote([process.execPath, join(FAKES, "fake-judge.js")]);

/** A fresh copy (its real path) of a fixture folder under test/fixtures, by default the fake agent's Skill. */
export function fixtureCopy(fixture = "skill-agent/skill", prefix = "packlint-skill-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cpSync(join(ROOT, "test/fixtures", fixture), dir, { recursive: true });
  return dir;
}
