import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS, TEMPLATE_SCHEMA_URL, parseSchemaUrl, protocolSchemaUrl } from './versions.js';
import { sharedJson } from '../test/support/files.js';

describe('schema URLs', () => {
  it('names each protocol version like the official schemas ($id)', () => {
    const files = ['v1/bloom_1_2_0', 'v1/bloom_1_2_1', 'v2/bloom_2_0_0', 'v2/bloom_2_0_1'];
    expect(PROTOCOL_VERSIONS.map(protocolSchemaUrl)).toEqual(
      files.map((f) => sharedJson<{ $id: string }>(`schemas/${f}.json`).$id),
    );
    expect(TEMPLATE_SCHEMA_URL).toBe(sharedJson<{ $id: string }>('schemas/v2/template_2_1_0.json').$id);
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
