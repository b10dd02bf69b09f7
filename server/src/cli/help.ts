import { LINT_OPTIONS, optionsHelp } from "./args";

/** The CLI's --help texts; the options of `packlint --help` are those of its table (args.ts). */

export const HELP = `Usage: packlint [options] FILE|DIR|-...
       packlint schema        print the challenge-pack JSON Schema
       packlint rules [CODE]  list every rule code, or explain one
       packlint report FILE   the input-set report (see packlint report --help)
       packlint skill prompts|report FILE ...   Skill Testing case files (see packlint skill --help)

Validates AgentClash challenge packs offline, with the reference validator's verdicts
(same field paths and messages) plus packlint's own advisories.
A DIR means every pack below it: *.pack.yaml, YAML with two of the top-level pack:, version:, challenges:, input_sets:,
Skill Testing case files (skill_cases.yaml), or files matching the "packs" globs of a config;
"ignore" globs skip files. - reads one document from standard input.
Text output names each file with findings (every file with --verbose), then one summary line (files checked,
errors, warnings, files skipped).

Options:
${optionsHelp(LINT_OPTIONS)}
Config: .packlintrc.json, or a "packlint" key in package.json, in the file's folder or the nearest above:
  { "rules": { "unknown-key": "error", "legacy-items": "off" }, "packs": ["packs/**/*.yaml"], "ignore": ["fixtures/**"] }

Exit codes:
  0  no errors (and no more warnings than --max-warnings)
  1  some file has errors (shown, or silenced by rule levels), or more warnings than --max-warnings
  2  usage error: unknown option, bad value, unreadable file (a FIFO, device or socket is never read),
     invalid config, no packs found
  3  internal error (a bug in packlint)

Examples:
  packlint examples/broken.pack.yaml
  packlint --format json challenge-packs/
  packlint --format github --max-warnings 0 .
  packlint --format sarif packs/ > packlint.sarif
  packlint --rule unknown-key=error --rule legacy-items=off packs/
  packlint --fix packs/
  packlint --statistics --select unknown-key,legacy- packs/
  packlint --skip-non-packs .github/workflows/ci.yml packs/a.pack.yaml   (a commit hook's staged files)
  cat a.pack.yaml | packlint --stdin-filename packs/a.pack.yaml -
  packlint schema > challenge-pack.schema.json
`;

export const SCHEMA_HELP = `Usage: packlint schema

Prints the challenge-pack JSON Schema (draft-07), generated from packlint's rule catalog: types, enums,
required keys and descriptions. For yaml-language-server, e.g. in a pack file:
  # yaml-language-server: $schema=./challenge-pack.schema.json
`;

export const RULES_HELP = `Usage: packlint rules [CODE] [--format text|json]

Without CODE: lists every rule code with its default severity and what it checks, by area: AgentClash's
own rules (server-only ones are marked: they cannot be checked offline) and packlint's.
With CODE: prints the rule's page (what it checks, why it matters, how to fix it, an example), as in
docs/rules/CODE.md.
`;
