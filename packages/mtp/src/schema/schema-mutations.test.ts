// The schema walker of the agreement test, on a small schema with the keywords the official protocol
// schemas do not use (pattern, additionalProperties: false, const, exclusive bounds).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  countByKind,
  generateMutations,
  type JsonSchema,
  type Matcher,
} from '../../test/support/schema-mutations.js';

const schema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: { Code: { type: 'string', pattern: '^[A-Z]{3}$' } },
  type: 'object',
  additionalProperties: false,
  required: ['code', 'count'],
  properties: {
    code: { $ref: '#/$defs/Code' },
    count: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
    kind: { const: 'fixed' },
    tags: { type: 'array', items: { type: 'string', minLength: 2 }, maxItems: 2 },
  },
};
const doc = { code: 'ABC', count: 5, kind: 'fixed', tags: ['ab'] };

const ajv = new Ajv2020({ allErrors: true });
const validate = ajv.compile(schema);
const matches: Matcher = (node, value) => ajv.validate({ ...node, $defs: schema.$defs }, value);

describe('generateMutations', () => {
  const mutations = generateMutations(schema, doc, matches);

  it('finds every kind of constraint, where it applies', () => {
    expect(countByKind(mutations)).toEqual({
      type: 6, // root, code (via $ref), count ×2 (wrong type, fraction), tags, tags[0]
      additionalProperties: 1,
      required: 2,
      pattern: 1,
      exclusiveMinimum: 1,
      exclusiveMaximum: 1,
      const: 1,
      maxItems: 1,
      minLength: 1,
      items: 1,
    });
  });

  it('changes the document only where it says', () => {
    const pattern = mutations.find((m) => m.kind === 'pattern')!;
    expect(pattern.path).toEqual(['code']);
    expect(pattern.document).toEqual({ ...doc, code: '' });
    const required = mutations.find((m) => m.kind === 'required' && m.path[0] === 'count')!;
    expect(required.document).toEqual({ code: 'ABC', kind: 'fixed', tags: ['ab'] });
    expect(mutations.find((m) => m.kind === 'additionalProperties')!.document).toMatchObject({
      __unexpected__: 1,
    });
    expect(doc).toEqual({ code: 'ABC', count: 5, kind: 'fixed', tags: ['ab'] });
  });

  it('produces documents the schema rejects', () => {
    for (const m of mutations) expect(validate(m.document), `${m.kind} ${m.description}`).toBe(false);
  });

  it('refuses a schema keyword it does not know', () => {
    expect(() => generateMutations({ type: 'array', uniqueItems: true }, [1], matches)).toThrow(
      /uniqueItems/,
    );
  });
});
