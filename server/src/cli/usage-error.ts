import { ConfigError } from "../workspace/project";
import { NotReadable } from "../workspace/regular-files";

/** A usage problem (bad option, unreadable file, invalid config): the CLI reports it and exits 2. */
export class UsageError extends Error {}

/** A usage problem of ours, a file the run cannot read, or a config the CLI's strict search refuses. */
export function isUsageError(e: unknown): e is Error {
  return e instanceof UsageError || e instanceof NotReadable || e instanceof ConfigError;
}
