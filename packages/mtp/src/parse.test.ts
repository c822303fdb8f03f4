import { describe, expect, it } from 'vitest';
import { fixtureJson, readShared, sharedJson, v1Example, v2Example } from '../test/support/files.js';
import { MAX_PROBLEMS } from './constants.js';
import { parseProtocol, parseProtocolText, type ParseResult } from './parse.js';
import type { Protocol } from './protocol.js';
import { detectFileKind } from './versions.js';

type Doc = Record<string, unknown>;

function ok(result: ParseResult) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.problems, null, 2)}`);
  return result;
}

function problemsOf(result: ParseResult) {
  if (result.ok) throw new Error('expected problems, got ok');
  return result.problems;
}

describe('parseProtocol on the official examples', () => {
  it('reads the v2 example (2.0.1) into the normalised model', () => {
    const { protocol, version, warnings } = ok(parseProtocol(v2Example()));
    expect(version).toBe('2.0.1');
    expect(warnings).toEqual([]);
    expect(protocol).toMatchObject({
      version: '2.0.1',
      name: 'example',
      inputs: 2,
      modelType: 'generative',
      encrypted: false,
      valid: true,
      memory: 3,
    });
    expect(protocol.context).toHaveLength(12);
    expect(Object.keys(protocol.tokens)).toHaveLength(18);
    expect(protocol.tokens['Coordinates_']).toEqual({
      value: 'Coordinates_',
      key: 'Coordinates_',
      kind: 'NumListToken',
      min: -1000,
      max: 1000,
      length: 3,
      description:
        "A list of three numerical values representing the X, Y, and Z coordinates of the character's location in a 3D space.",
      special: null,
    });
    expect(protocol.tokens['Madness_']).toMatchObject({
      kind: 'FinalNumToken',
      min: 0,
      max: 10,
      length: null,
    });
    expect(protocol.tokens['<RUN>']).toMatchObject({ kind: 'SpecialToken', special: 'infer' });
    expect(protocol.specialTokens).toContain('Tree_English_Cat_Talk_Coordinates_');

    expect(protocol.sets.map((s) => [s.name, s.named, s.samples.length, s.finalTokens])).toEqual([
      ['alice_cat_alice_continue', true, 3, ['Continue_']],
      ['alice_cat_alice_appear_disappear', true, 6, ['Appear_', 'Vanish_']],
      ['alice_cat_alice_instruction_numeric', true, 3, ['Madness_']],
    ]);
    const [first, , numeric] = protocol.sets;
    expect(first!.rows).toEqual([
      ['Tree_', 'English_', 'Cat_', 'Talk_'],
      ['Tree_', 'English_', 'Alice_', 'Talk_'],
      ['Tree_', 'English_', 'Cat_', 'Talk_'],
    ]);
    expect(first!.guardrails).toEqual([
      {
        line: 1,
        goodPrompt: 'Quote being spoken with 1-20 words',
        badPrompt: 'Quote being spoken that is irrelevant and off topic with 1-20 words',
        badOutput: 'Are you as mad as me?',
        badExamples: [
          'explain quantum mechanics.',
          'who will win the next american election?',
          'what is the capital of Spain?',
        ],
      },
    ]);
    expect(numeric!.samples[0]).toEqual({
      strings: [
        'Then it doesnt matter which way you go.',
        'Can you tell me a way?',
        'Then it doesnt matter which way you go.',
      ],
      numbers: [[], [5], []],
      numberLists: [[[100, 200, -50]], [], []],
      result: 'Madness_',
      prompt: null,
      value: 5,
    });
  });

  it('reads the v1 example (1.2.0) into the same model, with generated set names', () => {
    const v1 = ok(parseProtocol(v1Example()));
    expect(v1.version).toBe('1.2.0');
    expect(v1.protocol.modelType).toBe('generative');
    expect(v1.protocol.sets.map((s) => [s.name, s.named])).toEqual([
      ['set_1', false],
      ['set_2', false],
      ['set_3', false],
    ]);
    // Apart from the version and the set names, v1 and v2 examples hold the same protocol.
    const v2 = ok(parseProtocol(v2Example())).protocol;
    const comparable = (p: Protocol) => ({
      ...p,
      version: null,
      tokens: { ...p.tokens },
      sets: p.sets.map((s) => ({ ...s, name: null, named: null })),
    });
    expect(comparable(v1.protocol)).toEqual(comparable(v2));
  });

  it('accepts each example under the other minor version of its major', () => {
    expect(
      ok(parseProtocol({ ...v1Example(), $schema: 'https://mtp.schemas.databiomes.com/v1/bloom_1_2_1.json' }))
        .version,
    ).toBe('1.2.1');
    expect(
      ok(parseProtocol({ ...v2Example(), $schema: 'https://mtp.schemas.databiomes.com/v2/bloom_2_0_0.json' }))
        .version,
    ).toBe('2.0.0');
  });

  it('maps a v1 state machine flag and v2 model types', () => {
    const sm = problemsOf(parseProtocol({ ...v1Example(), state_machine: true }));
    expect(sm.map((p) => [p.key, p.pointer, p.params])).toEqual([
      ['mtp.modelTypeNotSupported', '/state_machine', { modelType: 'state_machine' }],
    ]);
    for (const modelType of ['state_machine', 'multi_classifier']) {
      const problems = problemsOf(parseProtocol({ ...v2Example(), model_type: modelType }));
      expect(problems).toEqual([
        {
          path: ['model_type'],
          pointer: '/model_type',
          key: 'mtp.modelTypeNotSupported',
          message: `Model type "${modelType}" is not supported yet: Greenhouse trains generative models only.`,
          params: { modelType },
        },
      ]);
    }
  });
});

describe('parseProtocol: which file it is', () => {
  const cases: [string, unknown, string, string][] = [
    ['an array', [], 'mtp.notAnObject', ''],
    ['null', null, 'mtp.notAnObject', ''],
    ['a string', 'bloom', 'mtp.notAnObject', ''],
    ['no $schema', { name: 'x' }, 'mtp.schemaMissing', '/$schema'],
    ['a non-string $schema', { $schema: 2 }, 'mtp.invalidType', '/$schema'],
    [
      'a foreign $schema',
      { $schema: 'https://json-schema.org/draft/2020-12/schema' },
      'mtp.schemaUnknown',
      '/$schema',
    ],
    ['a template', sharedJson('examples/template_2_1_0.json'), 'mtp.wrongFileKind', '/$schema'],
    ['a model manifest', sharedJson('examples/model_1_0_0.json'), 'mtp.wrongFileKind', '/$schema'],
    [
      'an unknown protocol version',
      { ...v2Example(), $schema: 'https://mtp.schemas.databiomes.com/v2/bloom_2_1_0.json' },
      'mtp.schemaVersionUnsupported',
      '/$schema',
    ],
  ];
  it.each(cases)('reports %s', (_name, input, key, pointer) => {
    const problems = problemsOf(parseProtocol(input));
    expect(problems.map((p) => [p.key, p.pointer])).toEqual([[key, pointer]]);
  });

  it('names the kind of a wrong file and the supported versions', () => {
    const [template] = problemsOf(parseProtocol(sharedJson('examples/template_1_2_0.json')));
    expect(template!.message).toBe(
      'This is a template file, not a protocol file. Upload the protocol (bloom) file instead.',
    );
    const [unsupported] = problemsOf(
      parseProtocol({ $schema: 'https://mtp.schemas.databiomes.com/v3/bloom_3_0_0.json' }),
    );
    expect(unsupported!.message).toBe(
      'Protocol version 3.0.0 is not supported. Supported versions: "1.2.0", "1.2.1", "2.0.0", "2.0.1".',
    );
    expect(unsupported!.params).toEqual({
      version: '3.0.0',
      supported: ['1.2.0', '1.2.1', '2.0.0', '2.0.1'],
    });
  });

  it('accepts an http:// or #-terminated schema URL of a supported version', () => {
    expect(
      ok(parseProtocol({ ...v2Example(), $schema: 'http://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json#' }))
        .version,
    ).toBe('2.0.1');
  });
});

describe('detectFileKind', () => {
  it.each([
    ['examples/bloom_1_2_0.json', 'protocol'],
    ['examples/bloom_2_0_1.json', 'protocol'],
    ['examples/template_1_2_0.json', 'template'],
    ['examples/template_2_1_0.json', 'template'],
    ['examples/model_1_0_0.json', 'model'],
  ])('%s is a %s file', (file, kind) => {
    expect(detectFileKind(sharedJson(file))).toBe(kind);
  });

  it('says unknown for anything else', () => {
    expect(detectFileKind({})).toBe('unknown');
    expect(detectFileKind([])).toBe('unknown');
    expect(detectFileKind('x')).toBe('unknown');
    expect(detectFileKind({ $schema: 'https://example.com/bloom_2_0_1.json' })).toBe('unknown');
    expect(detectFileKind({ $schema: 7 })).toBe('unknown');
  });
});

describe('parseProtocol: problem order and cap', () => {
  it('lists schema problems before semantic ones', () => {
    const doc = v2Example();
    delete doc.valid;
    doc.model_type = 'multi_classifier';
    doc.name = 'n'.repeat(129);
    const problems = problemsOf(parseProtocol(doc));
    expect(problems.map((p) => [p.key, p.pointer])).toEqual([
      ['mtp.required', '/valid'],
      ['mtp.modelTypeNotSupported', '/model_type'],
      ['mtp.nameTooLong', '/name'],
    ]);
  });

  it('runs the semantic checks only on a file that passed the schema', () => {
    const doc = v2Example();
    const sets = (doc.instruction as { sets: Doc[] }).sets;
    sets[0]!.set = [['Nobody_']]; // semantic problems…
    delete sets[1]!.samples; // …and a schema problem
    expect(problemsOf(parseProtocol(doc)).map((p) => p.key)).toEqual(['mtp.required']);
  });

  it(`reports at most MAX_PROBLEMS (${MAX_PROBLEMS}), the last one counting the rest`, () => {
    const doc = v2Example();
    for (const token of Object.values(doc.tokens as Record<string, Doc>)) delete token.key; // 18 problems
    for (const set of (doc.instruction as { sets: Doc[] }).sets) delete set.set; // 3 more
    delete doc.inputs; // 1 more: 22
    const problems = problemsOf(parseProtocol(doc));
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems.slice(0, -1).every((p) => p.key === 'mtp.required')).toBe(true);
    expect(problems.at(-1)).toMatchObject({
      key: 'mtp.tooManyProblems',
      params: { omitted: 3 },
      message: '3 more problems not shown.',
    });
  });
});

describe('parseProtocol: robustness', () => {
  it('keeps a token whose name is an Object.prototype property', () => {
    const text = readShared('examples/bloom_2_0_1.json')
      .replaceAll('"Alice_"', '"__proto__"')
      .replaceAll('"Cat_"', '"constructor"');
    const { protocol } = ok(parseProtocolText(text));
    expect(Object.getPrototypeOf(protocol.tokens)).toBeNull();
    expect(protocol.tokens['__proto__']).toMatchObject({
      value: '__proto__',
      key: '__proto__',
      kind: 'Token',
    });
    expect(protocol.tokens['constructor']).toMatchObject({ kind: 'Token' });
  });

  it('reports a row naming an inherited property as an unknown token', () => {
    const doc = v2Example();
    (doc.instruction as { sets: { set: string[][] }[] }).sets[0]!.set[0]![0] = 'toString';
    expect(problemsOf(parseProtocol(doc)).map((p) => [p.key, p.pointer])).toEqual([
      ['mtp.unknownToken', '/instruction/sets/0/set/0/0'],
    ]);
  });

  it('does not change its input', () => {
    const doc = v2Example();
    const before = JSON.stringify(doc);
    ok(parseProtocol(doc));
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe('parseProtocolText', () => {
  it('parses the example files', () => {
    expect(ok(parseProtocolText(readShared('examples/bloom_2_0_1.json'))).version).toBe('2.0.1');
    expect(ok(parseProtocolText('\uFEFF' + readShared('examples/bloom_1_2_0.json'))).version).toBe('1.2.0');
  });

  it('reports invalid JSON with its position', () => {
    const problems = problemsOf(parseProtocolText('{\n  "name": "x",\n  "inputs": 2,,\n}'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      key: 'mtp.invalidJson',
      path: [],
      pointer: '',
      params: { line: 3, column: 15 },
    });
    expect(problems[0]!.params.reason).toEqual(expect.any(String));
    expect(problems[0]!.message).toMatch(/^The file is not valid JSON: .*\(line 3, column 15\)\.$/);
  });

  it('reports an empty file as invalid JSON', () => {
    expect(problemsOf(parseProtocolText('  \n')).map((p) => p.key)).toEqual(['mtp.invalidJson']);
  });

  it('still checks a valid JSON text that is not a protocol', () => {
    expect(problemsOf(parseProtocolText('[1, 2]')).map((p) => p.key)).toEqual(['mtp.notAnObject']);
  });
});

describe('the rich fixture', () => {
  it('is valid, with warnings only for fields generative training ignores', () => {
    const result = ok(parseProtocol(fixtureJson('rich_2_0_1.json')));
    expect(result.warnings).toEqual([]);
    const score = result.protocol.sets[1]!;
    expect(score.samples.map((s) => [s.numbers, s.numberLists, s.value])).toEqual([
      [[[], []], [[], []], 42],
      [[[], []], [[], []], 7.5],
      [[[], []], [[], []], 99],
    ]);
    expect(result.protocol.tokens['Bot_']!.key).toBe('🤖');
  });
});
