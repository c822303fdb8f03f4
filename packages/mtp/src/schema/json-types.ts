// zod building blocks with JSON Schema semantics, where zod's own differ:
// - `type: integer` accepts any integral number (1e20 too); zod's .int() only safe integers.
// - minLength/maxLength count Unicode code points (JSON Schema and ajv); zod's minLength/maxLength count
//   UTF-16 code units, so '😀'.repeat(300) would be too long for zod but fine for the schema.
// - `anyOf` is a z.union (never .nullable()), so a failure reports every accepted shape.
import * as z from 'zod/mini';

/** Length in Unicode code points, as JSON Schema measures strings. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The message of a non-number where an integer belongs, so problems say "integer", not "number". */
export const EXPECTED_INTEGER = 'mtp.expected.integer';

/** JSON Schema `type: integer`. */
export const jsonInteger = (opts: { minimum?: number } = {}) =>
  z.number({ error: EXPECTED_INTEGER }).check((ctx) => {
    if (!Number.isInteger(ctx.value)) {
      ctx.issues.push({ code: 'invalid_type', expected: 'int', input: ctx.value });
      return;
    }
    if (opts.minimum !== undefined && ctx.value < opts.minimum) {
      ctx.issues.push({
        code: 'too_small',
        origin: 'number',
        minimum: opts.minimum,
        inclusive: true,
        input: ctx.value,
      });
    }
  });

/** JSON Schema `type: number`. */
export const jsonNumber = () => z.number();

/** JSON Schema `type: string` with optional minLength/maxLength in code points. */
export const jsonString = (opts: { minLength?: number; maxLength?: number } = {}) =>
  z.string().check((ctx) => {
    if (opts.minLength === undefined && opts.maxLength === undefined) return;
    const length = codePointLength(ctx.value);
    if (opts.minLength !== undefined && length < opts.minLength) {
      ctx.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: opts.minLength,
        inclusive: true,
        input: ctx.value,
      });
    }
    if (opts.maxLength !== undefined && length > opts.maxLength) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: opts.maxLength,
        inclusive: true,
        input: ctx.value,
      });
    }
  });

/** JSON Schema `type: array` with optional minItems/maxItems; `minItemsKey` names a friendlier problem. */
export const jsonArray = <T extends z.ZodMiniType>(
  items: T,
  opts: { minItems?: number; maxItems?: number; minItemsKey?: string } = {},
) => {
  let schema = z.array(items);
  if (opts.minItems !== undefined) {
    schema = schema.check(
      z.minLength(opts.minItems, opts.minItemsKey ? { error: opts.minItemsKey } : undefined),
    );
  }
  if (opts.maxItems !== undefined) schema = schema.check(z.maxLength(opts.maxItems));
  return schema;
};
