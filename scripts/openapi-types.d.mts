// Types of openapi-types.mjs for the TypeScript that imports it (apps/server/test/api-client.test.ts).
export const TYPES_FILE: string;
export function openapiTypes(document: object): Promise<string>;
