import { WorkspaceCopy } from "./workspace-copy";

/** In the web build, in place of platform-file-system.ts: the copy of the workspace that browser-main.ts connects to the client. */
export const platformFileSystem = new WorkspaceCopy();
