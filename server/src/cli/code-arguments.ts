/**
 * Which arguments of a command line a shell or an interpreter runs as code: the script of `sh -c SCRIPT`, the code of
 * `node -e CODE` or `python -c CODE`, awk's program, what `ssh HOST …` or `cmd /c …` hand to a shell, the program a
 * wrapper (`env`, `timeout`, `sudo`, `xargs` …) starts. `user-command.ts` asks it so that text from a case file is
 * never put where it would run. Programs it does not know get their arguments as data.
 */

/** What an argument is to the program that gets it. */
export type ArgRole = "program" | "code" | "data";

export interface CodeUse {
  /** One role per argument (the first is the program). */
  roles: ArgRole[];
  /** Per argument that is code or a program: the index of the program that runs it (-1 for the first word). */
  owners: number[];
  /** The program reads the code it runs from standard input (a shell or interpreter given no script). */
  stdinIsCode: boolean;
  /** An argument added at the end would be code (`sh -c` with no script yet): what `xargs` appends from its input. */
  trailingIsCode: boolean;
}

/** How one program reads its arguments. Option names are matched whole; a short one may also sit in a cluster (`-lc`). */
interface Spec {
  /** Options whose value is code (`-e CODE`, `--eval=CODE`, a program file: `awk -f FILE`). */
  code?: string[];
  /** Options whose value names a program, module or script to run (`python -m MODULE`); what follows is its arguments. */
  program?: string[];
  /** Options that take a value that is not code. */
  value?: string[];
  /** Options after which every argument is code (`cmd /c …`, `pwsh -Command …`, `sudo -s …`); none: a shell reads standard input. */
  rest?: string[];
  /** Options that make the first operand code (`sh -c`: the script is the first word after the options). */
  codeOperand?: string[];
  /** Options that make the program read its code from standard input (`sh -s`, `doas -s`). */
  stdinFlag?: string[];
  /**
   * The operands: `script` a script file, or `-` for standard input, then its arguments (none: code from standard
   * input); `code` the first is code unless an option gave it (awk, sed), all of them with `joined`; `program` a
   * program and its arguments (after `skip` plain operands: timeout's DURATION; env's NAME=VALUE words too);
   * `remote` a destination, then code (ssh); `data` plain words.
   */
  operands: "script" | "code" | "program" | "remote" | "data";
  /** The operands are joined into one command line for a shell (`watch`, Windows PowerShell). */
  joined?: boolean;
  skip?: number;
  /** Without code given, it starts a shell that reads standard input (`su USER`, `script`, `cmd`). */
  shellUnlessCode?: boolean;
  /** A first operand that is a subcommand, read on with its own spec (`deno eval CODE`, `npm exec …`). */
  subcommands?: Record<string, Spec>;
  /**
   * A value is never in the same word as its short option. Otherwise, getopt's way, a cluster's value-taking letter
   * takes the cluster's rest (`-cCODE`, `-oL`), else the next word.
   */
  separate?: boolean;
  /** Options are whole words, matched without case (Windows: `-NoProfile` is no cluster of letters). */
  windows?: boolean;
  /** Characters that start an option besides `-` (`+` for shells' `+o`, `/` for cmd). */
  prefixes?: string;
}

const SHELL: Spec = { codeOperand: ["-c"], stdinFlag: ["-s"], value: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"], operands: "script", prefixes: "+" };
const FISH: Spec = { ...SHELL, code: ["-C", "--init-command", "--command"] };
const INTERPRETER = (code: string[], value: string[] = [], program: string[] = []): Spec => ({ code, value, program, operands: "script" });
const WRAPPER = (value: string[] = [], more: Partial<Spec> = {}): Spec => ({ value, operands: "program", ...more });
const PWSH_COMMAND = ["-c", "-co", "-com", "-comm", "-comma", "-comman", "-command"];
const PWSH: Spec = {
  rest: PWSH_COMMAND,
  code: ["-e", "-ec", "-enc", "-encodedcommand"],
  program: ["-f", "-file"],
  value: ["-executionpolicy", "-ex", "-workingdirectory", "-wd", "-configurationname", "-settingsfile", "-inputformat", "-outputformat", "-windowstyle"],
  operands: "script",
  windows: true,
};
/** The shell's `eval` (in a shell command line): its words are joined and run. */
const EVAL: Spec = { operands: "code", joined: true };
const NPX = WRAPPER(["-p", "--package"], { code: ["-c", "--call"] });

const SPECS: Record<string, Spec> = {
  ...Object.fromEntries(["sh", "bash", "rbash", "dash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "ash", "yash", "posh", "csh", "tcsh"].map((s) => [s, SHELL])),
  fish: FISH,
  node: {
    code: ["-e", "--eval", "-p", "--print"],
    value: ["-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions"],
    operands: "script",
    separate: true, // node -pe CODE
  },
  bun: { code: ["-e", "--eval", "-p", "--print"], value: ["-r", "--preload"], operands: "script", separate: true },
  deno: { operands: "data", subcommands: { eval: { operands: "code" }, repl: { operands: "data", shellUnlessCode: true } } },
  python: INTERPRETER(["-c"], ["-W", "-X", "-Q"], ["-m"]),
  perl: INTERPRETER(["-e", "-E", "-M", "-m", "-F"], ["-I"]),
  ruby: INTERPRETER(["-e", "-r", "-F"], ["-I", "-C", "-E"]),
  php: INTERPRETER(["-r", "-B", "-R", "-E"], ["-c", "-d", "-z"], ["-f"]),
  lua: INTERPRETER(["-e"], [], ["-l"]),
  rscript: INTERPRETER(["-e"]),
  r: INTERPRETER(["-e"], [], ["-f", "--file"]),
  julia: INTERPRETER(["-e", "-E", "--eval", "--print", "-L", "--load"], ["-J", "-t", "-p"]),
  osascript: INTERPRETER(["-e"], ["-l", "-s"]),
  pwsh: PWSH,
  powershell: { ...PWSH, operands: "code", joined: true },
  cmd: { rest: ["/c", "/k", "/r"], operands: "data", shellUnlessCode: true, windows: true, prefixes: "/" },
  awk: { code: ["-e", "--source", "-f", "--file"], value: ["-v", "-F", "--assign", "--field-separator"], operands: "code" },
  sed: { code: ["-e", "--expression", "-f", "--file"], value: ["-l", "--line-length"], operands: "code" },
  env: WRAPPER(["-u", "--unset", "-C", "--chdir"], { code: ["-S", "--split-string"] }),
  exec: WRAPPER(["-a"]),
  command: WRAPPER(),
  nice: WRAPPER(["-n", "--adjustment"]),
  nohup: WRAPPER(),
  setsid: WRAPPER(),
  stdbuf: WRAPPER(["-i", "-o", "-e", "--input", "--output", "--error"]),
  time: WRAPPER(["-f", "--format", "-o", "--output"]),
  timeout: WRAPPER(["-s", "--signal", "-k", "--kill-after"], { skip: 1 }),
  ionice: WRAPPER(["-c", "--class", "-n", "--classdata"]),
  taskset: WRAPPER([], { skip: 1 }),
  sudo: WRAPPER(["-u", "--user", "-g", "--group", "-C", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "-t", "-U", "-T"], {
    rest: ["-s", "--shell", "-i", "--login"],
  }),
  doas: WRAPPER(["-u", "-C"], { stdinFlag: ["-s"] }),
  su: { code: ["-c", "--command", "--session-command"], value: ["-s", "--shell", "-g", "--group"], operands: "data", shellUnlessCode: true },
  runuser: {
    code: ["-c", "--command", "--session-command"],
    value: ["-s", "--shell", "-g", "--group", "-u", "--user"],
    operands: "data",
    shellUnlessCode: true,
  },
  script: { code: ["-c", "--command"], value: ["-E", "--echo", "-T", "--log-timing", "-I", "-O", "-B"], operands: "data", shellUnlessCode: true },
  flock: WRAPPER(["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"], { code: ["-c", "--command"], skip: 1 }),
  watch: { value: ["-n", "--interval", "-d", "--differences"], operands: "code", joined: true },
  ssh: {
    value: ["-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R", "-S", "-W", "-w", "-B"],
    operands: "remote",
  },
  xargs: WRAPPER(["-I", "-L", "-n", "-P", "-s", "-d", "-E", "-a", "--arg-file", "--delimiter", "--max-args", "--max-procs", "--max-lines", "--replace"]),
  busybox: WRAPPER(),
  eval: EVAL,
  npx: NPX,
  npm: { operands: "data", subcommands: { exec: NPX, x: NPX } },
};

/** The table's name for a program: its file name without folder, `.exe` or version (`/usr/bin/python3.12` → python). */
export function programName(word: string): string {
  const base = word
    .replace(/^.*[\\/]/, "")
    .toLowerCase()
    .replace(/\.exe$/, "");
  const alias: Record<string, string> = { nodejs: "node", gawk: "awk", mawk: "awk", nawk: "awk", gsed: "sed", luajit: "lua" };
  if (alias[base]) return alias[base];
  const versioned = /^(python|pypy|perl|ruby|php|lua)[\d.]*$/.exec(base);
  if (versioned) return versioned[1] === "pypy" ? "python" : versioned[1];
  return base;
}

/** The roles of `argv`'s words (a command without a shell: argv[0] is the program). */
export function codeUse(argv: readonly string[]): CodeUse {
  const found = { roles: argv.map((): ArgRole => "data"), owners: argv.map(() => -1) };
  const result = argv.length ? walk(argv, 0, -1, found) : NONE;
  return { ...found, ...result };
}

/** Whether a program is a POSIX-like shell (its code is a shell command line). */
export function isShell(word: string): boolean {
  const spec = SPECS[programName(word)];
  return spec === SHELL || spec === FISH || spec === EVAL;
}

type Use = Omit<CodeUse, "roles" | "owners">;
const NONE: Use = { stdinIsCode: false, trailingIsCode: false };

/**
 * Reads the words from `at` (the program, started by the program at `owner`; or with `sub` a subcommand of the
 * program at `owner`) on, marking roles; returns what standard input and added words would be.
 */
function walk(argv: readonly string[], at: number, owner: number, found: Pick<CodeUse, "roles" | "owners">, sub?: Spec): Use {
  const program = sub ? owner : at;
  const set = (k: number, role: ArgRole) => {
    found.roles[k] = role;
    found.owners[k] = role === "data" ? -1 : program;
  };
  if (!sub) {
    found.roles[at] = "program";
    found.owners[at] = owner;
  }
  const name = programName(argv[at]);
  const spec = sub ?? SPECS[name];
  if (!spec) return NONE;
  const norm = (s: string) => (spec.windows ? s.toLowerCase() : s);
  const has = (list: string[] | undefined, flag: string) => !!list?.some((f) => norm(f) === flag);
  const markFrom = (from: number, role: ArgRole) => {
    for (let k = from; k < argv.length; k++) set(k, role);
  };
  /** Every later word is code (`cmd /c …`); with none, or `-`, the shell reads standard input. */
  const restIsCode = (from: number): Use => {
    markFrom(from, "code");
    return { stdinIsCode: from >= argv.length || argv[from] === "-", trailingIsCode: true };
  };
  let codeOperand = false;
  let gaveCode = false;
  let stdinMode = false;
  let j = at + 1;
  // Options, up to the first operand or `--` (env's lone `-` is an option).
  while (j < argv.length) {
    const arg = argv[j];
    if (arg === "--") {
      j++;
      break;
    }
    if (arg === "-" && name === "env" && !sub) {
      j++;
      continue;
    }
    if (arg.length < 2 || !(arg[0] === "-" || spec.prefixes?.includes(arg[0]))) break;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = norm(eq > 0 ? arg.slice(0, eq) : arg);
    /** The option at j takes a value of this role: in the same word (`--eval=CODE`, `-cCODE`), else the next word. */
    const takeValue = (role: ArgRole, inWord: boolean): boolean => {
      if (inWord) set(j, role);
      else if (j + 1 < argv.length) set(++j, role);
      else return true; // the value would be the next word added
      return false;
    };
    if (has(spec.rest, flag)) return restIsCode(j + 1);
    if (has(spec.code, flag)) {
      if (takeValue("code", eq > 0)) return { stdinIsCode: false, trailingIsCode: true };
      gaveCode = true;
    } else if (has(spec.program, flag)) {
      takeValue("program", eq > 0);
      return NONE; // what follows is the arguments of what it runs
    } else if (has(spec.value, flag)) {
      if (eq < 0) j++;
    } else if (has(spec.codeOperand, flag)) codeOperand = true;
    else if (has(spec.stdinFlag, flag)) stdinMode = true;
    else if (!spec.windows && !arg.startsWith("--") && arg.length > 2) {
      // A cluster of short options (`-lc`, `-ne CODE`, `-cCODE`, `-oL`).
      for (let k = 1; k < arg.length; k++) {
        const letter = norm(arg[0] + arg[k]);
        const inWord = !spec.separate && k + 1 < arg.length;
        if (has(spec.rest, letter)) {
          if (k + 1 < arg.length) set(j, "code");
          return restIsCode(j + 1);
        }
        if (has(spec.code, letter)) {
          if (takeValue("code", inWord)) return { stdinIsCode: false, trailingIsCode: true };
          gaveCode = true;
          break;
        }
        if (has(spec.program, letter)) {
          takeValue("program", inWord);
          return NONE;
        }
        if (has(spec.value, letter)) {
          if (!inWord) j++;
          break;
        }
        if (has(spec.codeOperand, letter)) codeOperand = true;
        if (has(spec.stdinFlag, letter)) stdinMode = true;
      }
    }
    j++;
  }
  const subcommand = spec.subcommands && j < argv.length ? spec.subcommands[argv[j]] : undefined;
  if (subcommand) return walk(argv, j, program, found, subcommand);
  switch (spec.operands) {
    case "program": {
      if (stdinMode) return { stdinIsCode: true, trailingIsCode: false }; // doas -s: a shell
      let first = j + (spec.skip ?? 0);
      if (name === "env") while (first < argv.length && /^[^=-][^=]*=/.test(argv[first])) first++;
      // flock FILE -c COMMAND: its command option may follow the file.
      if (first < argv.length && has(spec.code, norm(argv[first]))) {
        if (first + 1 >= argv.length) return { stdinIsCode: false, trailingIsCode: true };
        set(first + 1, "code");
        return NONE;
      }
      if (first >= argv.length) return NONE;
      const inner = walk(argv, first, program, found);
      // xargs appends what it reads to the command, and gives the command no standard input of its own.
      return name === "xargs" ? { stdinIsCode: inner.trailingIsCode, trailingIsCode: false } : inner;
    }
    case "remote":
      return restIsCode(j + 1);
    case "code":
      if (gaveCode) return NONE;
      if (spec.joined) return restIsCode(j);
      if (j >= argv.length) return { stdinIsCode: false, trailingIsCode: true };
      set(j, "code");
      return NONE;
    case "script":
      if (codeOperand) {
        if (j >= argv.length) return { stdinIsCode: false, trailingIsCode: true };
        set(j, "code");
        return NONE;
      }
      if (gaveCode) return NONE;
      return { stdinIsCode: stdinMode || j >= argv.length || argv[j] === "-", trailingIsCode: false };
    case "data":
      return { stdinIsCode: !!spec.shellUnlessCode && !gaveCode, trailingIsCode: false };
  }
}
