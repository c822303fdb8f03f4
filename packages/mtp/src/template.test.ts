import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { describeWithReference, fixtureJson, referenceJson } from '../test/support/testing.js';
import { parseProtocol } from './parse.js';
import type { Protocol } from './protocol.js';
import { renderSample } from './render.js';
import { buildTemplate, compareCodePoints, type Template } from './template.js';

function load(doc: unknown): Protocol {
  const result = parseProtocol(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.protocol;
}

const lighthouse = () => load(fixtureJson('lighthouse_2_0_1.json'));
const officialTemplate = () => referenceJson<Template>('examples/template_2_1_0.json');

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

let templateSchema: ValidateFunction | undefined;
function validateTemplate(template: unknown) {
  templateSchema ??= new Ajv2020({ allErrors: true, strict: true }).compile(
    referenceJson('schemas/v2/template_2_1_0.json'),
  );
  return { valid: templateSchema(template), errors: templateSchema.errors };
}

describe('buildTemplate', () => {
  it("builds the lighthouse's template exactly as the committed fixture", () => {
    const ours = buildTemplate(lighthouse());
    // Same keys in the same order, same values.
    expect(JSON.stringify(ours, null, 2)).toBe(
      JSON.stringify(fixtureJson('lighthouse_template_2_1_0.json'), null, 2),
    );
  });

  it('maps every key line with its number slots, and every reaction', () => {
    const ours = buildTemplate(lighthouse());
    expect(ours.tokens).toEqual({
      input: {
        Cape_Fog_Keeper_Radio_: 'Cape_Fog_Keeper_Radio_',
        Cape_Keeper_Radio_: 'Cape_Keeper_Radio_',
        Cape_Sailor_Radio_: 'Cape_Sailor_Radio_',
        Cape_Sailor_Radio_Position_: 'Cape_Sailor_Radio_Position_<num_-50_50_2>',
        Cape_Sailor_Radio_Wind_: 'Cape_Sailor_Radio_Wind_<num_0_12>',
      },
      output: { '<UNK>': '<UNK>', Chat_: 'Chat_', Horn_: 'Horn_', Lamp_: 'Lamp_', Warning_: 'Warning_' },
    });
    expect(Object.keys(ours.instructions)).toEqual([
      'keeper_talks_with_sailor',
      'fog_on_the_bay',
      'ship_reports_position',
    ]);
    expect(ours.instructions['ship_reports_position']!.input).toEqual([
      '<BOS>\n',
      'Cape_Sailor_Radio_Position_<num_-50_50_2>\n<string>\n',
      'Cape_Sailor_Radio_Wind_<num_0_12>\n<string>\n',
      'Cape_Keeper_Radio_\n',
      '<RUN>',
    ]);
    // Our order: samples first, then guardrails, in order of appearance.
    expect(ours.instructions['fog_on_the_bay']!.output).toEqual([
      '<string>\nHorn_\n<EOS>',
      '<string>\nLamp_\n<EOS>',
      '<string>\nHorn_<UNK>_\n<EOS>',
      '<string>\nLamp_<UNK>_\n<EOS>',
    ]);
    expect(ours.instructions['keeper_talks_with_sailor']!.output).toEqual([
      '<string>\nChat_\n<EOS>',
      '<string>\nChat_<UNK>_\n<EOS>',
    ]);
    expect(ours.example_usage.valid_model_output).toBe(
      'You are well clear of the reef, keep your course.\nWarning_\n<EOS>',
    );
    expect(ours.example_usage.guardrail_model_output).toBe(
      'I keep a light, not a library. Ask me about the sea.\nChat_<UNK>_\n<EOS>',
    );
  });

  it("uses the example sample's own numbers in example_usage, as renderSample does", () => {
    const protocol = lighthouse();
    const ours = buildTemplate(protocol);
    expect(ours.example_usage.instruction_input).toBe(
      renderSample(protocol, 2, protocol.sets[2]!.samples[0]!).input,
    );
    expect(ours.example_usage.instruction_input).toContain('Cape_Sailor_Radio_Position_[12, -8]\n');
  });

  it("builds the v1 innkeeper's template like its 2.0.0 twin's, but for the set names", () => {
    const v1 = buildTemplate(load(fixtureJson('innkeeper_1_2_0.json')));
    const v2 = buildTemplate(load(fixtureJson('innkeeper_2_0_0.json')));
    expect(Object.keys(v1.instructions)).toEqual(['set_1', 'set_2', 'set_3']);
    expect(Object.values(v1.instructions)).toEqual(Object.values(v2.instructions));
    expect({ ...v1, instructions: null }).toEqual({ ...v2, instructions: null });
    // A number slot on the response line.
    expect(v1.instructions['set_2']!.input).toEqual([
      '<BOS>\n',
      'Inn_Guest_Nights_<num_1_14>\n<string>\n',
      'Inn_Innkeeper_Room_<num_1_6>\n',
      '<RUN>',
    ]);
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
    const doc = fixtureJson<{ instruction: { sets: { guardrails: unknown[] }[] } }>('lighthouse_2_0_1.json');
    for (const set of doc.instruction.sets) set.guardrails = [];
    const template = buildTemplate(load(doc));
    expect(Object.keys(template.tokens.output)).toEqual(['Chat_', 'Horn_', 'Lamp_', 'Warning_']);
    expect(template.example_usage.guardrail_model_output).toBe('');
  });
});

describeWithReference('buildTemplate and the official templates', () => {
  const officialExample = (version: '1_2_0' | '2_0_1') =>
    load(referenceJson(`examples/bloom_${version}.json`));

  it('builds the official template of the v2 example (after the documented normalisation)', () => {
    const ours = buildTemplate(officialExample('2_0_1'));
    // Same keys in the same order, same values.
    expect(JSON.stringify(normalise(ours), null, 2)).toBe(
      JSON.stringify(normalise(officialTemplate()), null, 2),
    );
  });

  it('differs from it only where the official generator is random', () => {
    const ours = buildTemplate(officialExample('2_0_1'));
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
  });

  it("builds the v1 example's template like the official 1.2.0 one, but for the set names", () => {
    const ours = buildTemplate(officialExample('1_2_0'));
    const official = referenceJson<Template>('examples/template_1_2_0.json');
    const names = Object.keys(official.instructions);
    expect(Object.keys(ours.instructions)).toEqual(['set_1', 'set_2', 'set_3']);
    expect(ours.tokens).toEqual(official.tokens);
    Object.values(ours.instructions).forEach((instruction, i) => {
      const theirs = official.instructions[names[i]!]!;
      expect(instruction.input).toEqual(theirs.input);
      expect([...instruction.output].sort()).toEqual([...theirs.output].sort());
    });
  });

  it('is valid against the official template 2.1.0 schema, for the official example and our fixtures', () => {
    expect(validateTemplate(officialTemplate()).valid).toBe(true);
    for (const template of [
      buildTemplate(officialExample('2_0_1')),
      buildTemplate(lighthouse()),
      buildTemplate(load(fixtureJson('rich_2_0_1.json'))),
      buildTemplate(load(fixtureJson('innkeeper_1_2_0.json'))),
      buildTemplate(load(fixtureJson('beekeeper_1_2_1.json'))),
    ]) {
      const { valid, errors } = validateTemplate(template);
      expect(errors).toBeNull();
      expect(valid).toBe(true);
    }
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
