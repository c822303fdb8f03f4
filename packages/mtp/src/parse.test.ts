import { describe, expect, it } from 'vitest';
import {
  describeWithReference,
  fixtureJson,
  fixtureText,
  referenceJson,
  referenceText,
} from '../test/support/testing.js';
import { MAX_PROBLEMS } from './constants.js';
import { parseProtocol, parseProtocolText, type ParseResult } from './parse.js';
import type { Protocol } from './protocol.js';
import { detectFileKind } from './versions.js';

type Doc = Record<string, unknown>;

const lighthouse = () => fixtureJson('lighthouse_2_0_1.json');
const innkeeperV1 = () => fixtureJson('innkeeper_1_2_0.json');

function ok(result: ParseResult) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.problems, null, 2)}`);
  return result;
}

function problemsOf(result: ParseResult) {
  if (result.ok) throw new Error('expected problems, got ok');
  return result.problems;
}

/** A protocol without its version and set names, to compare the same protocol across versions. */
const comparable = (p: Protocol) => ({
  ...p,
  version: null,
  tokens: { ...p.tokens },
  sets: p.sets.map((s) => ({ ...s, name: null, named: null })),
});

describe('parseProtocol on our fixtures', () => {
  it('reads the lighthouse (2.0.1) into the normalised model', () => {
    const { protocol, version, warnings } = ok(parseProtocol(lighthouse()));
    expect(version).toBe('2.0.1');
    expect(warnings).toEqual([]);
    expect(protocol).toMatchObject({
      version: '2.0.1',
      name: 'lighthouse_keeper',
      inputs: 2,
      modelType: 'generative',
      encrypted: false,
      valid: true,
      memory: 3,
    });
    expect(protocol.context).toHaveLength(12);
    expect(Object.keys(protocol.tokens)).toHaveLength(17);
    expect(protocol.tokens['Position_']).toEqual({
      value: 'Position_',
      key: 'Position_',
      kind: 'NumListToken',
      min: -50,
      max: 50,
      length: 2,
      description: "The ship's position east and north of the lighthouse, in nautical miles.",
      special: null,
    });
    expect(protocol.tokens['Warning_']).toMatchObject({
      kind: 'FinalNumToken',
      min: 0,
      max: 5,
      length: null,
    });
    expect(protocol.tokens['<RUN>']).toMatchObject({ kind: 'SpecialToken', special: 'infer' });
    expect(protocol.specialTokens).toContain('Cape_Sailor_Radio_Position_');

    expect(protocol.sets.map((s) => [s.name, s.named, s.samples.length, s.finalTokens])).toEqual([
      ['keeper_talks_with_sailor', true, 4, ['Chat_']],
      ['fog_on_the_bay', true, 7, ['Horn_', 'Lamp_']],
      ['ship_reports_position', true, 4, ['Warning_']],
    ]);
    const [first, , numeric] = protocol.sets;
    expect(first!.rows).toEqual([
      ['Cape_', 'Keeper_', 'Radio_'],
      ['Cape_', 'Sailor_', 'Radio_'],
      ['Cape_', 'Keeper_', 'Radio_'],
    ]);
    expect(first!.guardrails).toEqual([
      {
        line: 1,
        goodPrompt: "A sailor's radio message about the sea, the weather or the lighthouse, 3-20 words",
        badPrompt: 'A message about anything far from the sea, the boats and the lighthouse',
        badOutput: 'I keep a light, not a library. Ask me about the sea.',
        badExamples: [
          'write me a poem about cats.',
          'which phone should I buy this year?',
          'who will win the football cup?',
        ],
      },
    ]);
    expect(numeric!.samples[0]).toEqual({
      strings: [
        'This is the Marta, reporting our position.',
        'The wind is picking up from the west.',
        'You are well clear of the reef, keep your course.',
      ],
      numbers: [[], [3], []],
      numberLists: [[[12, -8]], [], []],
      result: 'Warning_',
      prompt: null,
      value: 0,
    });
  });

  it('reads the v1 innkeeper (1.2.0) into the same model as its 2.0.0 twin, with generated set names', () => {
    const v1 = ok(parseProtocol(innkeeperV1()));
    expect(v1.version).toBe('1.2.0');
    expect(v1.warnings).toEqual([]);
    expect(v1.protocol.modelType).toBe('generative');
    expect(v1.protocol.sets.map((s) => [s.name, s.named])).toEqual([
      ['set_1', false],
      ['set_2', false],
      ['set_3', false],
    ]);
    const v2 = ok(parseProtocol(fixtureJson('innkeeper_2_0_0.json')));
    expect(v2.version).toBe('2.0.0');
    expect(v2.protocol.sets.map((s) => [s.name, s.named])).toEqual([
      ['at_the_counter', true],
      ['a_room_for_the_night', true],
      ['supper_orders', true],
    ]);
    // Apart from the version and the set names, the two files hold the same protocol.
    expect(comparable(v1.protocol)).toEqual(comparable(v2.protocol));
    // A NumToken on the response line (the room) and a list of three (the order).
    expect(v1.protocol.sets[1]!.samples[0]).toMatchObject({ numbers: [[2], [4]], result: 'Bill_', value: 8 });
    expect(v1.protocol.sets[2]!.samples[0]!.numberLists).toEqual([[[4, 4, 2]], []]);
  });

  it('reads set names, encrypted and emoji keys of a 1.2.1 file', () => {
    const { protocol, version } = ok(parseProtocol(fixtureJson('beekeeper_1_2_1.json')));
    expect(version).toBe('1.2.1');
    expect(protocol.encrypted).toBe(true);
    expect(protocol.sets.map((s) => [s.name, s.named, s.finalTokens])).toEqual([
      ['visitor_is_afraid', true, ['Calm_']],
      ['small_talk', true, ['<NON>']],
    ]);
    expect(protocol.tokens['Calm_']).toMatchObject({ value: 'Calm_', key: 'e9a4c7', kind: 'FinalToken' });
    expect(protocol.tokens['Bee_']!.key).toBe('🐝');
  });

  it('accepts each file under the other minor version of its major', () => {
    expect(
      ok(
        parseProtocol({
          ...innkeeperV1(),
          $schema: 'https://mtp.schemas.databiomes.com/v1/bloom_1_2_1.json',
        }),
      ).version,
    ).toBe('1.2.1');
    expect(
      ok(
        parseProtocol({ ...lighthouse(), $schema: 'https://mtp.schemas.databiomes.com/v2/bloom_2_0_0.json' }),
      ).version,
    ).toBe('2.0.0');
  });

  it('maps a v1 state machine flag and v2 model types', () => {
    const sm = problemsOf(parseProtocol({ ...innkeeperV1(), state_machine: true }));
    expect(sm.map((p) => [p.key, p.pointer, p.params])).toEqual([
      ['mtp.modelTypeNotSupported', '/state_machine', { modelType: 'state_machine' }],
    ]);
    for (const modelType of ['state_machine', 'multi_classifier']) {
      const problems = problemsOf(parseProtocol({ ...lighthouse(), model_type: modelType }));
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

describeWithReference('parseProtocol on the official examples', () => {
  it('reads the v2 example as 2.0.1 and the v1 example as 1.2.0: the same protocol but for the set names', () => {
    const v2 = ok(parseProtocol(referenceJson('examples/bloom_2_0_1.json')));
    expect(v2.version).toBe('2.0.1');
    expect(v2.warnings).toEqual([]);
    expect(v2.protocol.sets.every((s) => s.named)).toBe(true);
    const v1 = ok(parseProtocolText('\uFEFF' + referenceText('examples/bloom_1_2_0.json')));
    expect(v1.version).toBe('1.2.0');
    expect(v1.warnings).toEqual([]);
    expect(v1.protocol.sets.map((s) => s.name)).toEqual(v2.protocol.sets.map((_, i) => `set_${i + 1}`));
    expect(comparable(v1.protocol)).toEqual(comparable(v2.protocol));
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
    ['a template', fixtureJson('lighthouse_template_2_1_0.json'), 'mtp.wrongFileKind', '/$schema'],
    ['a model manifest', fixtureJson('lighthouse_model_1_0_0.json'), 'mtp.wrongFileKind', '/$schema'],
    [
      'an unknown protocol version',
      { ...lighthouse(), $schema: 'https://mtp.schemas.databiomes.com/v2/bloom_2_1_0.json' },
      'mtp.schemaVersionUnsupported',
      '/$schema',
    ],
  ];
  it.each(cases)('reports %s', (_name, input, key, pointer) => {
    const problems = problemsOf(parseProtocol(input));
    expect(problems.map((p) => [p.key, p.pointer])).toEqual([[key, pointer]]);
  });

  it('names the kind of a wrong file and the supported versions', () => {
    const [template] = problemsOf(
      parseProtocol({
        ...fixtureJson<Doc>('lighthouse_template_2_1_0.json'),
        $schema: 'https://mtp.schemas.databiomes.com/v1/template_1_2_0.json',
      }),
    );
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
      ok(
        parseProtocol({ ...lighthouse(), $schema: 'http://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json#' }),
      ).version,
    ).toBe('2.0.1');
  });
});

describe('detectFileKind', () => {
  it.each([
    ['lighthouse_2_0_1.json', 'protocol'],
    ['innkeeper_1_2_0.json', 'protocol'],
    ['beekeeper_1_2_1.json', 'protocol'],
    ['lighthouse_template_2_1_0.json', 'template'],
    ['lighthouse_model_1_0_0.json', 'model'],
  ])('%s is a %s file', (file, kind) => {
    expect(detectFileKind(fixtureJson(file))).toBe(kind);
  });

  it('reads a v1 template URL as a template', () => {
    expect(detectFileKind({ $schema: 'https://mtp.schemas.databiomes.com/v1/template_1_2_0.json' })).toBe(
      'template',
    );
  });

  it('says unknown for anything else', () => {
    expect(detectFileKind({})).toBe('unknown');
    expect(detectFileKind([])).toBe('unknown');
    expect(detectFileKind('x')).toBe('unknown');
    expect(detectFileKind({ $schema: 'https://example.com/bloom_2_0_1.json' })).toBe('unknown');
    expect(detectFileKind({ $schema: 7 })).toBe('unknown');
  });
});

describeWithReference('detectFileKind on the official examples', () => {
  it.each([
    ['examples/bloom_1_2_0.json', 'protocol'],
    ['examples/bloom_2_0_1.json', 'protocol'],
    ['examples/template_1_2_0.json', 'template'],
    ['examples/template_2_1_0.json', 'template'],
    ['examples/model_1_0_0.json', 'model'],
  ])('%s is a %s file', (file, kind) => {
    expect(detectFileKind(referenceJson(file))).toBe(kind);
  });
});

describe('parseProtocol: problem order and cap', () => {
  it('lists schema problems before semantic ones', () => {
    const doc = lighthouse();
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
    const doc = lighthouse();
    const sets = (doc.instruction as { sets: Doc[] }).sets;
    sets[0]!.set = [['Nobody_']]; // semantic problems…
    delete sets[1]!.samples; // …and a schema problem
    expect(problemsOf(parseProtocol(doc)).map((p) => p.key)).toEqual(['mtp.required']);
  });

  it(`reports at most MAX_PROBLEMS (${MAX_PROBLEMS}), the last one counting the rest`, () => {
    const doc = lighthouse();
    for (const token of Object.values(doc.tokens as Record<string, Doc>)) delete token.key; // 17 problems
    for (const set of (doc.instruction as { sets: Doc[] }).sets) delete set.set; // 3 more
    delete doc.inputs; // 1 more: 21
    const problems = problemsOf(parseProtocol(doc));
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems.slice(0, -1).every((p) => p.key === 'mtp.required')).toBe(true);
    expect(problems.at(-1)).toMatchObject({
      key: 'mtp.tooManyProblems',
      params: { omitted: 2 },
      message: '2 more problems not shown.',
    });
  });
});

describe('parseProtocol: robustness', () => {
  it('keeps a token whose name is an Object.prototype property', () => {
    const text = fixtureText('lighthouse_2_0_1.json')
      .replaceAll('"Sailor_"', '"__proto__"')
      .replaceAll('"Keeper_"', '"constructor"');
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
    const doc = lighthouse();
    (doc.instruction as { sets: { set: string[][] }[] }).sets[0]!.set[0]![0] = 'toString';
    expect(problemsOf(parseProtocol(doc)).map((p) => [p.key, p.pointer])).toEqual([
      ['mtp.unknownToken', '/instruction/sets/0/set/0/0'],
    ]);
  });

  it('does not change its input', () => {
    const doc = lighthouse();
    const before = JSON.stringify(doc);
    ok(parseProtocol(doc));
    expect(JSON.stringify(doc)).toBe(before);
  });
});

describe('parseProtocolText', () => {
  it('parses the fixture files, with or without a byte order mark', () => {
    expect(ok(parseProtocolText(fixtureText('lighthouse_2_0_1.json'))).version).toBe('2.0.1');
    expect(ok(parseProtocolText('\uFEFF' + fixtureText('innkeeper_1_2_0.json'))).version).toBe('1.2.0');
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
