import { indent, pair, type Excerpts } from "../util/excerpt";

/** Excerpts that more than one rule book writes. */

/** A custom tool `lookup_order` under `tools: custom:`, with these lines after its name. */
export const tool = (lines: string): string => `tools:\n  custom:\n    - name: lookup_order\n${indent(lines, 6)}`;
export const tools = (wrong: string, right: string): Excerpts => pair(tool(wrong), tool(right));
export const HTTP = "implementation:\n  primitive: http_request\n";
