/** In the web build, in place of test-fault.ts: no faults are injected in a browser (the protocol tests run in Node). */
export function injectedFault(_text: string): void {}

export function injectedCrash(_text: string): void {}
