/** The challenge-pack JSON Schema, generated from the rule catalog (pure; the CLI prints it, the extension build ships it). */
export { packSchema, type JsonSchema } from "./generate";
