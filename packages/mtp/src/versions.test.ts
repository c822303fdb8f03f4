import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS, TEMPLATE_SCHEMA_URL, parseSchemaUrl, protocolSchemaUrl } from './versions.js';
import { describeWithReference, fixtureJson, referenceJson } from '../test/support/testing.js';

describeWithReference('schema URLs of the official schemas', () => {
  it('names each protocol version like the official schemas ($id)', () => {
    const files = ['v1/bloom_1_2_0', 'v1/bloom_1_2_1', 'v2/bloom_2_0_0', 'v2/bloom_2_0_1'];
    expect(PROTOCOL_VERSIONS.map(protocolSchemaUrl)).toEqual(
      files.map((f) => referenceJson<{ $id: string }>(`schemas/${f}.json`).$id),
    );
    expect(TEMPLATE_SCHEMA_URL).toBe(referenceJson<{ $id: string }>('schemas/v2/template_2_1_0.json').$id);
  });
});

describe('schema URLs', () => {
  it('names each protocol version as our fixtures of that version do', () => {
    const files = ['innkeeper_1_2_0', 'beekeeper_1_2_1', 'innkeeper_2_0_0', 'lighthouse_2_0_1'];
    expect(PROTOCOL_VERSIONS.map(protocolSchemaUrl)).toEqual(
      files.map((f) => fixtureJson<{ $schema: string }>(`${f}.json`).$schema),
    );
    expect(TEMPLATE_SCHEMA_URL).toBe(
      fixtureJson<{ $schema: string }>('lighthouse_template_2_1_0.json').$schema,
    );
  });

  it('reads kind and version from a URL', () => {
    expect(parseSchemaUrl('https://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json')).toEqual({
      kind: 'protocol',
      version: '2.0.1',
    });
    expect(parseSchemaUrl(' https://mtp.schemas.databiomes.com/v1/template_1_2_0.json ')).toEqual({
      kind: 'template',
      version: '1.2.0',
    });
    expect(parseSchemaUrl('https://mtp.schemas.databiomes.com/v1/model_1_0_0.json')?.kind).toBe('model');
    expect(parseSchemaUrl('https://mtp.schemas.databiomes.com/v2/bloom_2_0_1')).toBeNull();
    expect(parseSchemaUrl('https://evil.example/mtp.schemas.databiomes.com/v2/bloom_2_0_1.json')).toBeNull();
  });
});
