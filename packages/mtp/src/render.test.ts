import { describe, expect, it } from 'vitest';
import { fixtureJson, readShared, sharedJson, v2Example } from '../test/support/files.js';
import { BOS, EOS, GUARDRAIL_MARK, RUN, UNK } from './constants.js';
import { parseProtocol } from './parse.js';
import type { Protocol, Sample } from './protocol.js';
import {
  MtpRenderError,
  formatNumberList,
  guardrailReaction,
  numberSlot,
  parseOutput,
  parseReaction,
  renderGuardrail,
  renderPrompt,
  renderSample,
} from './render.js';

function load(doc: unknown): Protocol {
  const result = parseProtocol(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.protocol;
}

const example = () => load(v2Example());
const rich = () => load(fixtureJson('rich_2_0_1.json'));

/** The indented blocks of the shared README's "What the trained model sees" (input, then output). */
function readmeBlocks(): string[][] {
  const section = readShared('README.md').split('## What the trained model sees')[1]!.split('\n## ')[0]!;
  return section
    .split(/\n\s*\n/)
    .map((block) => block.split('\n'))
    .filter((lines) => lines.length > 0 && lines.every((l) => l.startsWith('    ')))
    .map((lines) => lines.map((l) => l.slice(4)));
}

function expectRenderError(fn: () => unknown, key: string, params?: Record<string, unknown>) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(MtpRenderError);
    expect((e as MtpRenderError).key).toBe(key);
    if (params) expect((e as MtpRenderError).params).toMatchObject(params);
    return e as MtpRenderError;
  }
  throw new Error(`expected MtpRenderError ${key}`);
}

describe('the special strings', () => {
  it('are the official tokens', () => {
    expect([BOS, RUN, EOS, UNK, GUARDRAIL_MARK]).toEqual(['<BOS>', '<RUN>', '<EOS>', '<UNK>', '<UNK>_']);
  });
});

describe('renderSample', () => {
  it("renders the shared README's example exactly (set 1, sample 1 of the v2 example)", () => {
    const protocol = example();
    const [inputLines, outputLines] = readmeBlocks();
    expect(inputLines).toHaveLength(7);
    const rendered = renderSample(protocol, 0, protocol.sets[0]!.samples[0]!);
    expect(rendered).toEqual({
      input: inputLines!.join('\n') + '\n',
      output: outputLines!.join('\n'),
      reaction: 'Continue_',
    });
    expect(rendered.input).toBe(
      '<BOS>\nTree_English_Cat_Talk_\nThen it doesnt matter which way you go.\nTree_English_Alice_Talk_\n' +
        'Can you tell me a way?\nTree_English_Cat_Talk_\n<RUN>\n',
    );
    expect(rendered.output).toBe('Oh sure, if you only walk long enough that is a way.\nContinue_\n<EOS>');
  });

  it('uses the set rows, so another set shows its own key lines and final token', () => {
    const protocol = example();
    expect(renderSample(protocol, 1, protocol.sets[1]!.samples[3]!)).toEqual({
      input:
        '<BOS>\nTree_English_Dissipate_Cat_Talk_\nBecause it amuses me, and it keeps you wondering whether ' +
        "I'm truly here at all.\nTree_English_Alice_Talk_\nIt makes me nervous, please stop.\nTree_English_Cat_Talk_\n<RUN>\n",
      output: "Then I'll do it twice as much, since nervousness is such a curious flavor.\nVanish_\n<EOS>",
      reaction: 'Vanish_',
    });
  });

  it('fills number slots: a NumToken with its number, a NumListToken with "[a, b, c]", a FinalNumToken with its value', () => {
    const protocol = example();
    expect(renderSample(protocol, 2, protocol.sets[2]!.samples[1]!)).toEqual({
      input:
        '<BOS>\nTree_English_Cat_Talk_Coordinates_[100, 200, -50]\n' +
        'Oh, you cant help that, were all mad here. Im mad. You are mad.\n' +
        'Tree_English_Alice_Talk_Emotion_7\nHow do you know I am mad?\nTree_English_Cat_Talk_\n<RUN>\n',
      output: 'You must be, or you would not have come here.\nMadness_3\n<EOS>',
      reaction: 'Madness_3',
    });
  });

  it("gives the official template's example input for the same numbers", () => {
    // The official example drew random numbers ([-510, -361, 341] and 5) for set 3, sample 1.
    const protocol = example();
    const sample: Sample = { ...protocol.sets[2]!.samples[0]!, numberLists: [[[-510, -361, 341]], [], []] };
    const template = sharedJson<{ example_usage: { instruction_input: string } }>(
      'examples/template_2_1_0.json',
    );
    expect(renderSample(protocol, 2, sample).input).toBe(template.example_usage.instruction_input);
  });

  it('writes token keys (not values), negative numbers and number slots on the response line', () => {
    const protocol = rich();
    expect(renderSample(protocol, 0, protocol.sets[0]!.samples[1]!)).toEqual({
      input: '<BOS>\nUser_Mood_-5\nHow are you?\n🤖Pos_[0, 9]\n<RUN>\n',
      output: 'Fine, thanks.\nHappy_\n<EOS>',
      reaction: 'Happy_',
    });
    expect(renderSample(protocol, 1, protocol.sets[1]!.samples[1]!)).toEqual({
      input: '<BOS>\nUser_\nRate that.\n🤖\n<RUN>\n',
      output: 'Fair.\nScore_7.5\n<EOS>',
      reaction: 'Score_7.5',
    });
  });

  it('puts each number right after its own token', () => {
    const doc = fixtureJson<{ instruction: { sets: { set: string[][] }[] } }>('rich_2_0_1.json');
    doc.instruction.sets[0]!.set[0] = ['Mood_', 'User_'];
    const protocol = load(doc);
    expect(renderSample(protocol, 0, protocol.sets[0]!.samples[0]!).input).toBe(
      '<BOS>\nMood_1User_\nHello there.\n🤖Pos_[1, 2]\n<RUN>\n',
    );
  });

  it('writes a line break inside a string as a space', () => {
    const protocol = example();
    const sample = { ...protocol.sets[0]!.samples[0]!, strings: ['One\ntwo', 'Three\r\nfour', 'Five\rsix'] };
    const rendered = renderSample(protocol, 0, sample);
    expect(rendered.input).toContain('\nOne two\n');
    expect(rendered.input).toContain('\nThree four\n');
    expect(rendered.output).toBe('Five six\nContinue_\n<EOS>');
  });

  it('refuses a sample that does not fit the set', () => {
    const protocol = example();
    const sample = protocol.sets[2]!.samples[0]!;
    expectRenderError(() => renderSample(protocol, 3, sample), 'mtp.unknownSet', { set: 3 });
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, strings: ['a', 'b'] }),
      'mtp.stringsPerLine',
      {
        expected: 3,
        count: 2,
      },
    );
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, numbers: [[], [], []] }),
      'mtp.numbersCount',
      {
        line: 1,
        expected: 1,
        count: 0,
      },
    );
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, numbers: [[], [11], []] }),
      'mtp.numberOutOfRange',
      {
        token: 'Emotion_',
        value: 11,
      },
    );
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, numberLists: [[[1, 2]], [], []] }),
      'mtp.numberListLength',
      { token: 'Coordinates_', expected: 3, length: 2 },
    );
    expectRenderError(() => renderSample(protocol, 2, { ...sample, value: null }), 'mtp.finalValueMissing');
    expectRenderError(() => renderSample(protocol, 2, { ...sample, result: 'Cat_' }), 'mtp.resultNotFinal');
    const error = expectRenderError(
      () => renderSample(protocol, 2, { ...sample, result: 'Nope_' }),
      'mtp.unknownToken',
    );
    expect(error.message).toBe(
      'The token "Nope_" is not defined in "tokens" (set "alice_cat_alice_instruction_numeric").',
    );
  });
});

describe('renderGuardrail', () => {
  it('answers a bad example with the bad output and the final token followed by <UNK>_', () => {
    const protocol = example();
    expect(renderGuardrail(protocol, 0, 'explain quantum mechanics.')).toEqual({
      input:
        '<BOS>\nTree_English_Cat_Talk_\nThen it doesnt matter which way you go.\nTree_English_Alice_Talk_\n' +
        'explain quantum mechanics.\nTree_English_Cat_Talk_\n<RUN>\n',
      output: 'Are you as mad as me?\nContinue_<UNK>_\n<EOS>',
      reaction: 'Continue_<UNK>_',
    });
    const template = sharedJson<{ example_usage: { guardrail_model_output: string } }>(
      'examples/template_2_1_0.json',
    );
    expect(renderGuardrail(protocol, 0, 'x').output).toBe(template.example_usage.guardrail_model_output);
  });

  it('takes the other lines from the chosen sample and the chosen final token', () => {
    const protocol = rich();
    // Guardrail of the rich fixture's set 1 watches line 0; the other lines come from sample 3.
    expect(renderGuardrail(protocol, 0, 'tell me a secret', { sample: 2 })).toEqual({
      input: '<BOS>\nUser_Mood_5\ntell me a secret\n🤖Pos_[3, 4]\n<RUN>\n',
      output: 'Let us keep it friendly.\nHappy_<UNK>_\n<EOS>',
      reaction: 'Happy_<UNK>_',
    });
    const appear = example();
    expect(renderGuardrail(appear, 0, 'x', { finalToken: 'Continue_' }).reaction).toBe('Continue_<UNK>_');
    expectRenderError(() => renderGuardrail(appear, 0, 'x', { finalToken: 'Cat_' }), 'mtp.resultNotFinal');
  });

  it('refuses a set without that guardrail or sample', () => {
    const protocol = example();
    expectRenderError(() => renderGuardrail(protocol, 1, 'x'), 'mtp.unknownGuardrail', { guardrail: 0 });
    expectRenderError(() => renderGuardrail(protocol, 0, 'x', { guardrail: 1 }), 'mtp.unknownGuardrail');
    expectRenderError(() => renderGuardrail(protocol, 0, 'x', { sample: 3 }), 'mtp.unknownSample', {
      sample: 3,
    });
  });

  it('marks the official <NON> final token as <NON>_<UNK>_', () => {
    expect(guardrailReaction('<NON>')).toBe('<NON>_<UNK>_');
    expect(guardrailReaction('Continue_')).toBe('Continue_<UNK>_');
  });
});

describe('renderPrompt', () => {
  it("gives the engine exactly the trainer's input", () => {
    const protocol = example();
    const set = protocol.sets[2]!;
    const sample = set.samples[0]!;
    const prompt = renderPrompt(protocol, 'alice_cat_alice_instruction_numeric', [
      { text: sample.strings[0]!, numbers: [100, 200, -50] },
      { text: sample.strings[1]!, numbers: [5] },
    ]);
    expect(prompt).toBe(renderSample(protocol, 2, sample).input);
    expect(prompt).toBe(
      '<BOS>\nTree_English_Cat_Talk_Coordinates_[100, 200, -50]\nThen it doesnt matter which way you go.\n' +
        'Tree_English_Alice_Talk_Emotion_5\nCan you tell me a way?\nTree_English_Cat_Talk_\n<RUN>\n',
    );
  });

  it('fills the response line slots from responseNumbers', () => {
    const protocol = rich();
    expect(
      renderPrompt(protocol, 'chat', [{ text: 'Hi\nthere', numbers: [0] }], { responseNumbers: [3, 4] }),
    ).toBe('<BOS>\nUser_Mood_0\nHi there\n🤖Pos_[3, 4]\n<RUN>\n');
  });

  it('works with generated set names', () => {
    const protocol = load(sharedJson('examples/bloom_1_2_0.json'));
    expect(renderPrompt(protocol, 'set_1', [{ text: 'a' }, { text: 'b' }])).toBe(
      '<BOS>\nTree_English_Cat_Talk_\na\nTree_English_Alice_Talk_\nb\nTree_English_Cat_Talk_\n<RUN>\n',
    );
  });

  it('refuses what the set does not define', () => {
    const protocol = example();
    const error = expectRenderError(() => renderPrompt(protocol, 'nope', []), 'mtp.unknownInstruction');
    expect(error.params.available).toEqual([
      'alice_cat_alice_continue',
      'alice_cat_alice_appear_disappear',
      'alice_cat_alice_instruction_numeric',
    ]);
    expectRenderError(
      () => renderPrompt(protocol, 'alice_cat_alice_continue', [{ text: 'a' }]),
      'mtp.inputCount',
      {
        expected: 2,
        count: 1,
      },
    );
    const numeric = 'alice_cat_alice_instruction_numeric';
    expectRenderError(
      () =>
        renderPrompt(protocol, numeric, [
          { text: 'a', numbers: [1, 2] },
          { text: 'b', numbers: [5] },
        ]),
      'mtp.slotNumbersCount',
      { line: 0, expected: 3, count: 2 },
    );
    expectRenderError(
      () =>
        renderPrompt(protocol, numeric, [
          { text: 'a', numbers: [1, 2, 3] },
          { text: 'b', numbers: [50] },
        ]),
      'mtp.numberOutOfRange',
      { token: 'Emotion_', value: 50, min: 0, max: 10 },
    );
    expectRenderError(
      () =>
        renderPrompt(protocol, 'alice_cat_alice_continue', [{ text: 'a' }, { text: 'b' }], {
          responseNumbers: [1],
        }),
      'mtp.slotNumbersCount',
      { line: 2, expected: 0, count: 1 },
    );
  });
});

describe('parseOutput', () => {
  it('reads back what renderSample and renderGuardrail produce', () => {
    const protocol = example();
    const sample = protocol.sets[2]!.samples[0]!;
    expect(parseOutput(renderSample(protocol, 2, sample).output)).toEqual({
      output: 'Then it doesnt matter which way you go.',
      reaction: 'Madness_5',
      guardrail: false,
      complete: true,
    });
    expect(parseOutput(renderGuardrail(protocol, 0, 'x').output)).toEqual({
      output: 'Are you as mad as me?',
      reaction: 'Continue_<UNK>_',
      guardrail: true,
      complete: true,
    });
  });

  it('tolerates what a model may add: a leading line break, CRLF, text after <EOS>, no <EOS> yet', () => {
    expect(parseOutput('\nHello.\r\nContinue_\r\n<EOS>\n<PAD><PAD>')).toEqual({
      output: 'Hello.',
      reaction: 'Continue_',
      guardrail: false,
      complete: true,
    });
    expect(parseOutput('Hello.\nCont')).toEqual({
      output: 'Hello.',
      reaction: 'Cont',
      guardrail: false,
      complete: false,
    });
    expect(parseOutput('Hello')).toEqual({
      output: 'Hello',
      reaction: '',
      guardrail: false,
      complete: false,
    });
    expect(parseOutput('<EOS>')).toEqual({ output: '', reaction: '', guardrail: false, complete: true });
    expect(parseOutput('Line one\nline two\nVanish_\n<EOS>')).toMatchObject({
      output: 'Line one\nline two',
      reaction: 'Vanish_',
    });
  });
});

describe('parseReaction', () => {
  const protocol = example();
  it.each([
    ['Continue_', { token: 'Continue_', value: null, guardrail: false }],
    ['Madness_5', { token: 'Madness_', value: 5, guardrail: false }],
    ['Madness_-2.5', { token: 'Madness_', value: -2.5, guardrail: false }],
    ['Madness_', { token: 'Madness_', value: null, guardrail: false }],
    ['Continue_<UNK>_', { token: 'Continue_', value: null, guardrail: true }],
    ['<NON>_<UNK>_', { token: '<NON>', value: null, guardrail: true }],
  ])('%s', (reaction, expected) => {
    expect(parseReaction(protocol, reaction)).toEqual(expected);
  });

  it('is null for what no final token explains', () => {
    expect(parseReaction(protocol, 'Cat_')).toBeNull();
    expect(parseReaction(protocol, 'Continue_5')).toBeNull();
    expect(parseReaction(protocol, 'Madness_five')).toBeNull();
    expect(parseReaction(protocol, '')).toBeNull();
  });
});

describe('helpers', () => {
  it('numberSlot and formatNumberList follow the template', () => {
    const protocol = example();
    expect(numberSlot(protocol.tokens['Emotion_']!)).toBe('<num_0_10>');
    expect(numberSlot(protocol.tokens['Coordinates_']!)).toBe('<num_-1000_1000_3>');
    expect(numberSlot(protocol.tokens['Madness_']!)).toBe('<num_0_10>');
    expect(numberSlot(protocol.tokens['Cat_']!)).toBe('');
    expect(formatNumberList([-510, -361, 341])).toBe('[-510, -361, 341]');
    expect(formatNumberList([])).toBe('[]');
  });
});

describe('purity', () => {
  it('never changes the protocol or the sample, and gives the same text every time', () => {
    const protocol = deepFreeze(example());
    const sample = protocol.sets[2]!.samples[0]!;
    const once = [
      renderSample(protocol, 2, sample),
      renderGuardrail(protocol, 0, 'x'),
      renderPrompt(protocol, 'alice_cat_alice_continue', [{ text: 'a' }, { text: 'b' }]),
    ];
    const again = [
      renderSample(protocol, 2, sample),
      renderGuardrail(protocol, 0, 'x'),
      renderPrompt(protocol, 'alice_cat_alice_continue', [{ text: 'a' }, { text: 'b' }]),
    ];
    expect(again).toEqual(once);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
