import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { fixtureJson, sharedJson, v1Example, v2Example } from '../test/support/files.js';
import { parseProtocol } from './parse.js';
import type { Protocol } from './protocol.js';
import { renderSample } from './render.js';
import { buildTemplate, compareCodePoints, type Template } from './template.js';

function load(doc: unknown): Protocol {
  const result = parseProtocol(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.protocol;
}

const officialTemplate = () => sharedJson<Template>('examples/template_2_1_0.json');

/**
 * The documented normalisation for comparing with the official template — only where the official
 * generator is not reproducible (template.ts): each instruction's `output` patterns sorted (the official
 * generator lists them from a Python set), and the numbers in example_usage.instruction_input's slots
 * masked (the official generator draws them at random).
 */
function normalise(template: Template): Template {
  const copy = structuredClone(template);
  for (const instruction of Object.values(copy.instructions)) instruction.output.sort();
  copy.example_usage.instruction_input = copy.example_usage.instruction_input
    .split('\n')
    .map((line) =>
      /^\S+_(\[-?\d+(, -?\d+)*\]|-?\d+)$/.test(line) ? line.replace(/(\[[-\d, ]*\]|-?\d+)$/, '<n>') : line,
    )
    .join('\n');
  return copy;
}

function validateTemplate(template: unknown, schema = 'schemas/v2/template_2_1_0.json') {
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(sharedJson(schema));
  return { valid: validate(template), errors: validate.errors };
}

describe('buildTemplate', () => {
  it('builds the official template of the v2 example (after the documented normalisation)', () => {
    const ours = buildTemplate(load(v2Example()));
    const official = officialTemplate();
    // Same keys in the same order, same values.
    expect(JSON.stringify(normalise(ours), null, 2)).toBe(JSON.stringify(normalise(official), null, 2));
  });

  it('differs from it only where the official generator is random', () => {
    const ours = buildTemplate(load(v2Example()));
    const official = officialTemplate();
    expect(ours.tokens).toEqual(official.tokens);
    expect(Object.keys(ours.instructions)).toEqual(Object.keys(official.instructions));
    for (const [name, instruction] of Object.entries(ours.instructions)) {
      const theirs = official.instructions[name]!;
      expect(instruction.type).toBe(theirs.type);
      expect(instruction.input).toEqual(theirs.input);
      expect(new Set(instruction.output)).toEqual(new Set(theirs.output));
      expect(instruction.output).toHaveLength(theirs.output.length);
    }
    expect(ours.example_usage.valid_model_output).toBe(official.example_usage.valid_model_output);
    expect(ours.example_usage.guardrail_model_output).toBe(official.example_usage.guardrail_model_output);
    // Our order: samples first, then guardrails, in order of appearance.
    expect(ours.instructions['alice_cat_alice_appear_disappear']!.output).toEqual([
      '<string>\nAppear_\n<EOS>',
      '<string>\nVanish_\n<EOS>',
    ]);
    expect(ours.instructions['alice_cat_alice_continue']!.output).toEqual([
      '<string>\nContinue_\n<EOS>',
      '<string>\nContinue_<UNK>_\n<EOS>',
    ]);
  });

  it("uses the example sample's own numbers in example_usage, as renderSample does", () => {
    const protocol = load(v2Example());
    const ours = buildTemplate(protocol);
    expect(ours.example_usage.instruction_input).toBe(
      renderSample(protocol, 2, protocol.sets[2]!.samples[0]!).input,
    );
    expect(ours.example_usage.instruction_input).toContain(
      'Tree_English_Cat_Talk_Coordinates_[100, 200, -50]\n',
    );
  });

  it('is valid against the official template 2.1.0 schema', () => {
    expect(validateTemplate(officialTemplate()).valid).toBe(true);
    const ours = validateTemplate(buildTemplate(load(v2Example())));
    expect(ours.errors).toBeNull();
    expect(ours.valid).toBe(true);
    const rich = validateTemplate(buildTemplate(load(fixtureJson('rich_2_0_1.json'))));
    expect(rich.errors).toBeNull();
  });

  it("builds the v1 example's template like the official 1.2.0 one, but for the set names", () => {
    const ours = buildTemplate(load(v1Example()));
    const official = sharedJson<Template>('examples/template_1_2_0.json');
    const names = Object.keys(official.instructions);
    expect(Object.keys(ours.instructions)).toEqual(['set_1', 'set_2', 'set_3']);
    expect(ours.tokens).toEqual(official.tokens);
    Object.values(ours.instructions).forEach((instruction, i) => {
      const theirs = official.instructions[names[i]!]!;
      expect(instruction.input).toEqual(theirs.input);
      expect([...instruction.output].sort()).toEqual([...theirs.output].sort());
    });
  });

  it('maps token keys, emoji keys and guardrails of the rich fixture', () => {
    const template = buildTemplate(load(fixtureJson('rich_2_0_1.json')));
    expect(template.tokens).toEqual({
      input: {
        Bot_: '🤖',
        Bot_Pos_: '🤖Pos_<num_0_9_2>',
        User_: 'User_',
        User_Mood_: 'User_Mood_<num_-5_5>',
      },
      output: { '<UNK>': '<UNK>', Happy_: 'Happy_', Score_: 'Score_' },
    });
    expect(template.instructions['chat']).toEqual({
      type: 'basic',
      input: ['<BOS>\n', 'User_Mood_<num_-5_5>\n<string>\n', '🤖Pos_<num_0_9_2>\n', '<RUN>'],
      output: ['<string>\nHappy_\n<EOS>', '<string>\nHappy_<UNK>_\n<EOS>'],
    });
    expect(template.instructions['score']!.output).toEqual(['<string>\nScore_\n<EOS>']);
    expect(template.example_usage).toEqual({
      instruction_input: '<BOS>\nUser_Mood_1\nHello there.\n🤖Pos_[1, 2]\n<RUN>\n',
      valid_model_output: 'Hi!\nHappy_\n<EOS>',
      guardrail_model_output: 'Let us keep it friendly.\nHappy_<UNK>_\n<EOS>',
    });
  });

  it('has no <UNK> output and an empty guardrail example without guardrails', () => {
    const doc = v2Example() as { instruction: { sets: { guardrails: unknown[] }[] } };
    doc.instruction.sets[0]!.guardrails = [];
    const template = buildTemplate(load(doc));
    expect(Object.keys(template.tokens.output)).toEqual(['Appear_', 'Continue_', 'Madness_', 'Vanish_']);
    expect(template.example_usage.guardrail_model_output).toBe('');
  });
});

describe('compareCodePoints', () => {
  it("sorts like Python's sorted() (code points), not like UTF-16 units", () => {
    const keys = ['\uFF21', '😀', 'b', 'B', '<UNK>', 'a'];
    expect([...keys].sort(compareCodePoints)).toEqual(['<UNK>', 'B', 'a', 'b', '\uFF21', '😀']);
    // Plain JS sort puts the emoji (surrogates D83D…) before U+FF21.
    expect([...keys].sort()).not.toEqual([...keys].sort(compareCodePoints));
    expect(compareCodePoints('ab', 'ab')).toBe(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
  });
});
