export * from "./settings";
export * from "./protocol";
