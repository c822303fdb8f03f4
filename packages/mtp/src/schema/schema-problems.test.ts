// How schema problems read: JSON Schema words, the original file's paths, one problem per mistake.
import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../../test/support/testing.js';
import { checkProtocolSchema } from '../parse.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON document
type Doc = Record<string, any>;

function problemsAfter(change: (doc: Doc) => void) {
  const doc = fixtureJson<Doc>('lighthouse_2_0_1.json');
  change(doc);
  return checkProtocolSchema(doc, '2.0.1').map((p) => [p.key, p.pointer, p.message, p.params]);
}

describe('schema problems', () => {
  it.each<[string, (doc: Doc) => void, unknown[]]>([
    [
      'a missing required property',
      (doc) => delete doc.instruction.memory,
      [
        'mtp.required',
        '/instruction/memory',
        'The required property "memory" is missing.',
        { property: 'memory' },
      ],
    ],
    [
      'a string where an integer belongs',
      (doc) => (doc.inputs = '2'),
      [
        'mtp.invalidType',
        '/inputs',
        'Expected an integer here, found string.',
        { expected: 'an integer', received: 'string' },
      ],
    ],
    [
      'a fraction where an integer belongs',
      (doc) => (doc.inputs = 2.5),
      [
        'mtp.invalidType',
        '/inputs',
        'Expected an integer here, found number.',
        { expected: 'an integer', received: 'number' },
      ],
    ],
    [
      'a value outside an enum',
      (doc) => (doc.model_type = 'chatbot'),
      [
        'mtp.invalidValue',
        '/model_type',
        '"chatbot" is not allowed here. Allowed values: "generative", "state_machine", "multi_classifier".',
        { allowed: ['generative', 'state_machine', 'multi_classifier'], received: 'chatbot' },
      ],
    ],
    [
      'a number below its minimum',
      (doc) => (doc.instruction.sets[0].guardrails[0].index = -1),
      [
        'mtp.tooSmall',
        '/instruction/sets/0/guardrails/0/index',
        'The number -1 is below the minimum of 0.',
        { minimum: 0, received: -1 },
      ],
    ],
    [
      'an empty string where one is required',
      (doc) => (doc.tokens.Keeper_.key = ''),
      [
        'mtp.tooShort',
        '/tokens/Keeper_/key',
        'The text must have at least 1 character (it has 0).',
        { minLength: 1, length: 0 },
      ],
    ],
    [
      'an empty list of sets',
      (doc) => (doc.instruction.sets = []),
      [
        'mtp.tooFewItems',
        '/instruction/sets',
        'The list must have at least 1 item (it has 0).',
        { minItems: 1, count: 0 },
      ],
    ],
    [
      'a value of none of the anyOf shapes',
      (doc) => (doc.instruction.sets[2].samples[0].numbers = true),
      [
        'mtp.noMatchingShape',
        '/instruction/sets/2/samples/0/numbers',
        'Expected an integer or an array here, found boolean.',
        { expected: 'an integer or an array', received: 'boolean' },
      ],
    ],
    [
      'a nullable number of the wrong type',
      (doc) => (doc.tokens.Wind_.min_value = '0'),
      [
        'mtp.noMatchingShape',
        '/tokens/Wind_/min_value',
        'Expected a number or null here, found string.',
        { expected: 'a number or null', received: 'string' },
      ],
    ],
    [
      'a mistake deep inside an anyOf shape (reported where it is)',
      (doc) => (doc.instruction.sets[2].samples[0].number_lists[0][0][1] = 'two hundred'),
      [
        'mtp.invalidType',
        '/instruction/sets/2/samples/0/number_lists/0/0/1',
        'Expected an integer here, found string.',
        { expected: 'an integer', received: 'string' },
      ],
    ],
    [
      'a wrong set name',
      (doc) => (doc.instruction.sets[1].name = ''),
      [
        'mtp.tooShort',
        '/instruction/sets/1/name',
        'The text must have at least 1 character (it has 0).',
        { minLength: 1, length: 0 },
      ],
    ],
  ])('%s', (_name, change, expected) => {
    expect(problemsAfter(change)).toEqual([expected]);
  });

  it('reports each mistake once, in document order', () => {
    const problems = problemsAfter((doc) => {
      doc.instruction.sets[1].samples[0].result = 5;
      doc.tokens.Sailor_.type = 'Person';
      delete doc.encrypted;
    });
    expect(problems.map(([key, pointer]) => [key, pointer])).toEqual([
      ['mtp.required', '/encrypted'],
      ['mtp.invalidValue', '/tokens/Sailor_/type'],
      ['mtp.invalidType', '/instruction/sets/1/samples/0/result'],
    ]);
  });
});
