// Agreement of our zod schemas with the official JSON Schemas (ajv, draft 2020-12), on the official
// examples, our fixtures, and every variant the schema walker generates from them (where the reference is
// present: MTP_REFERENCE_DIR); and the differences between versions.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { describeWithReference, fixtureJson, referenceJson } from '../../test/support/testing.js';
import {
  countByKind,
  generateMutations,
  type JsonSchema,
  type Matcher,
} from '../../test/support/schema-mutations.js';
import { checkProtocolSchema } from '../parse.js';
import { protocolSchemaUrl, type ProtocolVersion } from '../versions.js';
import { protocolSchemas } from './protocol-schemas.js';

type Doc = Record<string, unknown>;

const SCHEMA_FILES: Record<ProtocolVersion, string> = {
  '1.2.0': 'schemas/v1/bloom_1_2_0.json',
  '1.2.1': 'schemas/v1/bloom_1_2_1.json',
  '2.0.0': 'schemas/v2/bloom_2_0_0.json',
  '2.0.1': 'schemas/v2/bloom_2_0_1.json',
};

function withSchema(doc: Doc, version: ProtocolVersion): Doc {
  return { ...doc, $schema: protocolSchemaUrl(version) };
}

/** A v2 document as v1: `state_machine` instead of `model_type`, and set names only where 1.2.1 has them. */
function toV1(doc: Doc, version: '1.2.0' | '1.2.1', keepNames: boolean): Doc {
  const copy = structuredClone(doc);
  delete copy.model_type;
  copy.state_machine = false;
  const sets = (copy.instruction as { sets: Doc[] }).sets;
  if (!keepNames) for (const s of sets) delete s.name;
  return withSchema(copy, version);
}

const fixture = (name: string) => () => fixtureJson<Doc>(name);
const official = (name: string) => () => referenceJson<Doc>(`examples/${name}`);
const lighthouse = fixture('lighthouse_2_0_1.json');
const rich = fixture('rich_2_0_1.json');
const innkeeperV1 = fixture('innkeeper_1_2_0.json');

/** The v1 innkeeper with its 2.0.0 twin's set names (1.2.1 allows them). */
function innkeeperWithNames(): Doc {
  const doc = innkeeperV1();
  const names = fixtureJson<{ instruction: { sets: { name: string }[] } }>(
    'innkeeper_2_0_0.json',
  ).instruction.sets.map((s) => s.name);
  (doc.instruction as { sets: Doc[] }).sets.forEach((s, i) => (s.name = names[i]));
  return withSchema(doc, '1.2.1');
}

/** The documents of each version: the official example, our fixtures, and fixtures of other versions converted. */
const DOCUMENTS: Record<ProtocolVersion, [string, () => Doc][]> = {
  '1.2.0': [
    ['examples/bloom_1_2_0.json', official('bloom_1_2_0.json')],
    ['fixtures/innkeeper_1_2_0.json', innkeeperV1],
    ['fixtures/rich_2_0_1.json as 1.2.0', () => toV1(rich(), '1.2.0', false)],
  ],
  '1.2.1': [
    ['fixtures/beekeeper_1_2_1.json', fixture('beekeeper_1_2_1.json')],
    ['fixtures/innkeeper_1_2_0.json as 1.2.1 with set names', innkeeperWithNames],
    ['fixtures/lighthouse_2_0_1.json as 1.2.1', () => toV1(lighthouse(), '1.2.1', true)],
  ],
  '2.0.0': [
    ['fixtures/innkeeper_2_0_0.json', fixture('innkeeper_2_0_0.json')],
    ['fixtures/rich_2_0_1.json as 2.0.0', () => withSchema(rich(), '2.0.0')],
  ],
  '2.0.1': [
    ['examples/bloom_2_0_1.json', official('bloom_2_0_1.json')],
    ['fixtures/lighthouse_2_0_1.json', lighthouse],
    ['fixtures/rich_2_0_1.json', rich],
  ],
};

function ajvFor(schema: JsonSchema): { validate: ValidateFunction; matches: Matcher } {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validate = ajv.compile(schema);
  const cache = new Map<JsonSchema, ValidateFunction>();
  const matches: Matcher = (node, value) => {
    let v = cache.get(node);
    if (!v) {
      // A node alone, with the root's $defs so its $refs resolve.
      const { $id: _id, $schema: _schema, ...rest } = node;
      v = ajv.compile({ ...rest, $defs: schema.$defs });
      cache.set(node, v);
    }
    return v(value);
  };
  return { validate, matches };
}

const isPrefix = (prefix: readonly unknown[], path: readonly unknown[]) =>
  prefix.length <= path.length && prefix.every((p, i) => p === path[i]);

describeWithReference('agreement with the official protocol schemas', () => {
  describe.each(Object.keys(SCHEMA_FILES) as ProtocolVersion[])('protocol schema %s', (version) => {
    const schema = referenceJson<JsonSchema>(SCHEMA_FILES[version]);
    const { validate, matches } = ajvFor(schema);
    const zodSchema = protocolSchemas[version];

    it.each(DOCUMENTS[version])('accepts %s like the official schema', (_name, make) => {
      const doc = make();
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
      expect(zodSchema.safeParse(doc).success).toBe(true);
      expect(checkProtocolSchema(doc, version)).toEqual([]);
    });

    // Thousands of documents through two validators: seconds, not milliseconds.
    it('agrees with the official schema on every generated variant', () => {
      const mutations = DOCUMENTS[version].flatMap(([, make]) => generateMutations(schema, make(), matches));
      const byKind = countByKind(mutations);
      let invalid = 0;
      const disagreements: string[] = [];
      const badPaths: string[] = [];
      for (const m of mutations) {
        const official = validate(m.document);
        const ours = zodSchema.safeParse(m.document).success;
        if (official !== ours) {
          disagreements.push(
            `${m.kind} at ${JSON.stringify(m.path)} (${m.description}): ajv ${official}, zod ${ours}`,
          );
          continue;
        }
        if (official) continue;
        invalid++;
        const problems = checkProtocolSchema(m.document, version);
        if (!problems.some((p) => isPrefix(p.path, m.path))) {
          badPaths.push(
            `${m.kind} at ${JSON.stringify(m.path)}: ${JSON.stringify(problems.map((p) => p.path))}`,
          );
        }
      }
      console.log(
        `bloom ${version}: ${mutations.length} mutations (${invalid} invalid for both, ` +
          `${mutations.length - invalid - disagreements.length} valid for both, ${disagreements.length} disagreements) ` +
          JSON.stringify(byKind),
      );
      expect(disagreements).toEqual([]);
      expect(badPaths).toEqual([]);

      // The walker must have found the schema's constraints (a walker that generates nothing fails here).
      expect(mutations.length).toBeGreaterThan(1000);
      for (const kind of ['required', 'type', 'enum', 'minimum', 'minItems', 'minLength', 'anyOf', 'items']) {
        expect(byKind[kind], kind).toBeGreaterThan(0);
      }
      if (version !== '2.0.1') {
        // 1.x and 2.0.0 limit line lengths and set context lines.
        expect(byKind.maxLength).toBeGreaterThan(0);
        expect(byKind.maxItems).toBeGreaterThan(0);
      } else {
        expect(byKind.maxLength ?? 0).toBe(0);
        expect(byKind.maxItems ?? 0).toBe(0);
      }
      expect(invalid).toBeGreaterThan(mutations.length / 2);
    }, 120_000);
  });

  it('accepts integers beyond 2^53 as integers, as JSON Schema does', () => {
    const doc = lighthouse();
    doc.inputs = 1e20;
    expect(validateOfficial('2.0.1', doc)).toBe(true);
    expect(checkProtocolSchema(doc, '2.0.1')).toEqual([]);
  });
});

describe('schema differences between versions', () => {
  it('has set names only from 1.2.1 on (1.2.0 ignores them as additional properties)', () => {
    const doc = innkeeperWithNames();
    (doc.instruction as { sets: Doc[] }).sets[0]!.name = '';
    expect(protocolSchemas['1.2.0'].safeParse(doc).success).toBe(true);
    expect(checkProtocolSchema(doc, '1.2.1').map((p) => p.pointer)).toEqual(['/instruction/sets/0/name']);
  });

  it('limits sample strings to 300 code points up to 2.0.0, not in 2.0.1', () => {
    const doc = lighthouse();
    const sample = (doc.instruction as { sets: { samples: { strings: string[] }[] }[] }).sets[0]!.samples[0]!;
    sample.strings[0] = '😀'.repeat(300);
    expect(checkProtocolSchema(doc, '2.0.0')).toEqual([]);
    sample.strings[0] = 'a'.repeat(301);
    expect(checkProtocolSchema(doc, '2.0.0')).toMatchObject([
      {
        key: 'mtp.tooLong',
        pointer: '/instruction/sets/0/samples/0/strings/0',
        params: { maxLength: 300, length: 301 },
      },
    ]);
    expect(checkProtocolSchema(doc, '2.0.1')).toEqual([]);
  });

  it('accepts integers beyond 2^53 as integers', () => {
    const doc = lighthouse();
    doc.inputs = 1e20;
    expect(checkProtocolSchema(doc, '2.0.1')).toEqual([]);
  });
});

function validateOfficial(version: ProtocolVersion, doc: unknown): boolean {
  return ajvFor(referenceJson<JsonSchema>(SCHEMA_FILES[version])).validate(doc);
}
