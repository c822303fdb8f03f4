// Our own fixtures (packages/mtp/fixtures): valid for our validator, covering every version and token kind,
// listed in their README — and, where the official reference is present, valid for the official schemas.
import { readdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  describeWithReference,
  FIXTURES_DIR,
  fixtureJson,
  fixtureText,
  referenceJson,
} from '../test/support/testing.js';
import { parseProtocol } from './parse.js';
import { TOKEN_TYPES } from './schema/protocol-schemas.js';
import { detectFileKind, PROTOCOL_VERSIONS } from './versions.js';

const files = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.json'));
const byKind = (kind: string) => files.filter((f) => detectFileKind(fixtureJson(f)) === kind);
const protocols = byKind('protocol');

describe('the fixtures', () => {
  it('are protocols, one template and one model manifest, each listed in the README', () => {
    expect(protocols.length).toBeGreaterThanOrEqual(5);
    expect(byKind('template')).toEqual(['lighthouse_template_2_1_0.json']);
    expect(byKind('model')).toEqual(['lighthouse_model_1_0_0.json']);
    expect(files.length).toBe(protocols.length + 2);
    const readme = fixtureText('README.md');
    for (const f of files) expect(readme, f).toContain(`\`${f}\``);
  });

  it.each(protocols)('%s parses without problems or warnings, as the version in its name', (file) => {
    const result = parseProtocol(fixtureJson(file));
    if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 1));
    expect(result.warnings).toEqual([]);
    expect(file).toContain(result.version.replaceAll('.', '_'));
  });

  it('cover every protocol version, token kind, a guardrail, an emoji and an encrypted key', () => {
    const parsed = protocols.map((f) => {
      const result = parseProtocol(fixtureJson(f));
      if (!result.ok) throw new Error(f);
      return result;
    });
    expect(new Set(parsed.map((p) => p.version))).toEqual(new Set(PROTOCOL_VERSIONS));
    const tokens = parsed.flatMap((p) => Object.values(p.protocol.tokens));
    expect(new Set(tokens.map((t) => t.kind))).toEqual(new Set(TOKEN_TYPES));
    expect(tokens.some((t) => /\p{Extended_Pictographic}/u.test(t.key))).toBe(true);
    expect(
      parsed.some(
        (p) =>
          p.protocol.encrypted &&
          Object.values(p.protocol.tokens).some((t) => t.key !== t.value && !t.special),
      ),
    ).toBe(true);
    const sets = parsed.flatMap((p) => p.protocol.sets);
    expect(sets.some((s) => s.guardrails.length > 0)).toBe(true);
    expect(sets.some((s) => s.finalTokens.length > 1)).toBe(true);
    expect(sets.some((s) => s.finalTokens.includes('<NON>'))).toBe(true);
  });
});

describeWithReference('the fixtures and the official JSON Schemas', () => {
  const validator = (schemaUrl: string) => {
    const [, major, file] = /\/(v\d)\/(\w+)\.json$/.exec(schemaUrl)!;
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats.default(ajv);
    return ajv.compile(referenceJson(`schemas/${major}/${file}.json`));
  };

  it.each(files)('%s is valid for the schema its $schema names', (file) => {
    const doc = fixtureJson<{ $schema: string }>(file);
    const validate = validator(doc.$schema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });
});
