/** In the web build, in place of runtime.ts: the server runs in the browser, in a Web Worker. */
export const RUNTIME = "a Web Worker of the browser";
