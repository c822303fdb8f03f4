// Types of free-port.mjs for the TypeScript that imports it (tests).
export function freePort(): Promise<number>;
