/**
 * `packlint skill run --agent COMMAND`: one fresh process of the user's agent per case, the case's prompt its input
 * (`user-command.ts` runs it).
 */
import { parseUserCommand, runUserCommand, type CommandInput, type CommandResult, type RunOptions, type UserCommand } from "./user-command";

export { inPool, killRunningCommands as killRunningAgents } from "./user-command";

/** The agent's prompt: `{prompt}` in an argument, else standard input; always in PACKLINT_PROMPT too. */
export const AGENT_INPUT: CommandInput = {
  option: "--agent",
  name: "the agent",
  noun: "prompt",
  placeholder: "{prompt}",
  variable: "PACKLINT_PROMPT",
  example: "my-agent -p",
};

export function parseAgentCommand(text: string): UserCommand {
  return parseUserCommand(text, AGENT_INPUT);
}

/** Runs the agent once on a prompt (see runUserCommand). */
export function askAgent(command: UserCommand, prompt: string, opts: RunOptions): Promise<CommandResult> {
  return runUserCommand(command, prompt, opts);
}
