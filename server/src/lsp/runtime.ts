/** Where the server runs, for its first log line (the web build has runtime.browser.ts in its place). */
export const RUNTIME = `Node ${process.version}`;
