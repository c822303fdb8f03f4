// Types of restricted-imports.mjs for the TypeScript that imports it (the boundary tests).
export function restrictedImports(file: string, specifier: string): Promise<string[]>;
