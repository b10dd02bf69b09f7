/** A usage problem (bad option, unreadable file, invalid config): the CLI reports it and exits 2. */
export class UsageError extends Error {}
