export * from "./config";
export * from "./settings";
export * from "./protocol";
export * from "./base64";
