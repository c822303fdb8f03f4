import { describe, expect, it } from 'vitest';
import { describeWithReference, fixtureJson, referenceJson, referenceText } from '../test/support/testing.js';
import { BOS, EOS, GUARDRAIL_MARK, RUN, UNK } from './constants.js';
import { parseProtocol } from './parse.js';
import type { Protocol, Sample } from './protocol.js';
import { parseOutput, parseReaction } from './parse-output.js';
import { renderPrompt } from './render-prompt.js';
import {
  MtpRenderError,
  formatNumberList,
  guardrailReaction,
  numberSlot,
  renderGuardrail,
  renderSample,
} from './render.js';

function load(doc: unknown): Protocol {
  const result = parseProtocol(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.protocol;
}

const example = () => load(fixtureJson('lighthouse_2_0_1.json'));
const rich = () => load(fixtureJson('rich_2_0_1.json'));
const officialExample = () => load(referenceJson('examples/bloom_2_0_1.json'));

/** The indented blocks of the reference README's "What the trained model sees" (input, then output). */
function readmeBlocks(): string[][] {
  const section = referenceText('README.md').split('## What the trained model sees')[1]!.split('\n## ')[0]!;
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
  it('renders a sample: <BOS>, key line and string per input line, the response key line, <RUN>; the answer', () => {
    const protocol = example();
    const rendered = renderSample(protocol, 0, protocol.sets[0]!.samples[0]!);
    expect(rendered).toEqual({
      input:
        '<BOS>\nCape_Keeper_Radio_\nGull Cape light, good evening to you.\nCape_Sailor_Radio_\n' +
        'Evening, keeper. Is the harbour still open tonight?\nCape_Keeper_Radio_\n<RUN>\n',
      output: 'It is, the harbour master waits on the quay until the last boat is in.\nChat_\n<EOS>',
      reaction: 'Chat_',
    });
  });

  it('uses the set rows, so another set shows its own key lines and final token', () => {
    const protocol = example();
    expect(renderSample(protocol, 1, protocol.sets[1]!.samples[4]!)).toEqual({
      input:
        '<BOS>\nCape_Fog_Keeper_Radio_\nThe fog is thinning near the cape.\nCape_Sailor_Radio_\n' +
        'We see a faint glow, is that your lamp?\nCape_Keeper_Radio_\n<RUN>\n',
      output: 'Yes, the lamp is turned straight at you. Come ahead slowly.\nLamp_\n<EOS>',
      reaction: 'Lamp_',
    });
  });

  it('fills number slots: a NumToken with its number, a NumListToken with "[a, b]", a FinalNumToken with its value', () => {
    const protocol = example();
    expect(renderSample(protocol, 2, protocol.sets[2]!.samples[1]!)).toEqual({
      input:
        '<BOS>\nCape_Sailor_Radio_Position_[2, 3]\nFishing boat Tern, here is where we are.\n' +
        'Cape_Sailor_Radio_Wind_8\nThe wind is strong and still rising.\nCape_Keeper_Radio_\n<RUN>\n',
      output: 'You are drifting toward the reef, turn east at once.\nWarning_4\n<EOS>',
      reaction: 'Warning_4',
    });
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
    expect(rendered.output).toBe('Five six\nChat_\n<EOS>');
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
      () => renderSample(protocol, 2, { ...sample, numbers: [[], [13], []] }),
      'mtp.numberOutOfRange',
      {
        token: 'Wind_',
        value: 13,
      },
    );
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, numberLists: [[[1]], [], []] }),
      'mtp.numberListLength',
      { token: 'Position_', expected: 2, length: 1 },
    );
    expectRenderError(() => renderSample(protocol, 2, { ...sample, value: null }), 'mtp.finalValueMissing');
    expectRenderError(
      () => renderSample(protocol, 2, { ...sample, result: 'Keeper_' }),
      'mtp.resultNotFinal',
    );
    const error = expectRenderError(
      () => renderSample(protocol, 2, { ...sample, result: 'Nope_' }),
      'mtp.unknownToken',
    );
    expect(error.message).toBe('The token "Nope_" is not defined in "tokens" (set "ship_reports_position").');
  });
});

describe('renderGuardrail', () => {
  it('answers a bad example with the bad output and the final token followed by <UNK>_', () => {
    const protocol = example();
    expect(renderGuardrail(protocol, 0, 'write me a poem about cats.')).toEqual({
      input:
        '<BOS>\nCape_Keeper_Radio_\nGull Cape light, good evening to you.\nCape_Sailor_Radio_\n' +
        'write me a poem about cats.\nCape_Keeper_Radio_\n<RUN>\n',
      output: 'I keep a light, not a library. Ask me about the sea.\nChat_<UNK>_\n<EOS>',
      reaction: 'Chat_<UNK>_',
    });
    const template = fixtureJson<{ example_usage: { guardrail_model_output: string } }>(
      'lighthouse_template_2_1_0.json',
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
    const fog = example();
    expect(renderGuardrail(fog, 1, 'x').reaction).toBe('Horn_<UNK>_');
    expect(renderGuardrail(fog, 1, 'x', { finalToken: 'Lamp_' }).reaction).toBe('Lamp_<UNK>_');
    expectRenderError(() => renderGuardrail(fog, 1, 'x', { finalToken: 'Keeper_' }), 'mtp.resultNotFinal');
  });

  it('refuses a set without that guardrail or sample', () => {
    const protocol = example();
    expectRenderError(() => renderGuardrail(protocol, 2, 'x'), 'mtp.unknownGuardrail', { guardrail: 0 });
    expectRenderError(() => renderGuardrail(protocol, 0, 'x', { guardrail: 1 }), 'mtp.unknownGuardrail');
    expectRenderError(() => renderGuardrail(protocol, 0, 'x', { sample: 4 }), 'mtp.unknownSample', {
      sample: 4,
    });
  });

  it('marks the official <NON> final token as <NON>_<UNK>_', () => {
    expect(guardrailReaction('<NON>')).toBe('<NON>_<UNK>_');
    expect(guardrailReaction('Chat_')).toBe('Chat_<UNK>_');
  });
});

describe('renderPrompt', () => {
  it("gives the engine exactly the trainer's input", () => {
    const protocol = example();
    const set = protocol.sets[2]!;
    const sample = set.samples[0]!;
    const prompt = renderPrompt(protocol, 'ship_reports_position', [
      { text: sample.strings[0]!, numbers: [12, -8] },
      { text: sample.strings[1]!, numbers: [3] },
    ]);
    expect(prompt).toBe(renderSample(protocol, 2, sample).input);
    expect(prompt).toBe(
      '<BOS>\nCape_Sailor_Radio_Position_[12, -8]\nThis is the Marta, reporting our position.\n' +
        'Cape_Sailor_Radio_Wind_3\nThe wind is picking up from the west.\nCape_Keeper_Radio_\n<RUN>\n',
    );
  });

  it('fills the response line slots from responseNumbers', () => {
    const protocol = rich();
    expect(
      renderPrompt(protocol, 'chat', [{ text: 'Hi\nthere', numbers: [0] }], { responseNumbers: [3, 4] }),
    ).toBe('<BOS>\nUser_Mood_0\nHi there\n🤖Pos_[3, 4]\n<RUN>\n');
  });

  it('works with generated set names', () => {
    const protocol = load(fixtureJson('innkeeper_1_2_0.json'));
    expect(renderPrompt(protocol, 'set_1', [{ text: 'a' }])).toBe(
      '<BOS>\nInn_Guest_\na\nInn_Innkeeper_\n<RUN>\n',
    );
    expect(renderPrompt(protocol, 'set_2', [{ text: 'a', numbers: [3] }], { responseNumbers: [5] })).toBe(
      '<BOS>\nInn_Guest_Nights_3\na\nInn_Innkeeper_Room_5\n<RUN>\n',
    );
  });

  it('refuses what the set does not define', () => {
    const protocol = example();
    const error = expectRenderError(() => renderPrompt(protocol, 'nope', []), 'mtp.unknownInstruction');
    expect(error.params.available).toEqual([
      'keeper_talks_with_sailor',
      'fog_on_the_bay',
      'ship_reports_position',
    ]);
    expectRenderError(
      () => renderPrompt(protocol, 'keeper_talks_with_sailor', [{ text: 'a' }]),
      'mtp.inputCount',
      {
        expected: 2,
        count: 1,
      },
    );
    const numeric = 'ship_reports_position';
    expectRenderError(
      () =>
        renderPrompt(protocol, numeric, [
          { text: 'a', numbers: [1, 2, 3] },
          { text: 'b', numbers: [5] },
        ]),
      'mtp.slotNumbersCount',
      { line: 0, expected: 2, count: 3 },
    );
    expectRenderError(
      () =>
        renderPrompt(protocol, numeric, [
          { text: 'a', numbers: [1, 2] },
          { text: 'b', numbers: [50] },
        ]),
      'mtp.numberOutOfRange',
      { token: 'Wind_', value: 50, min: 0, max: 12 },
    );
    expectRenderError(
      () =>
        renderPrompt(protocol, 'keeper_talks_with_sailor', [{ text: 'a' }, { text: 'b' }], {
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
      output: 'You are well clear of the reef, keep your course.',
      reaction: 'Warning_0',
      guardrail: false,
      complete: true,
    });
    expect(parseOutput(renderGuardrail(protocol, 0, 'x').output)).toEqual({
      output: 'I keep a light, not a library. Ask me about the sea.',
      reaction: 'Chat_<UNK>_',
      guardrail: true,
      complete: true,
    });
  });

  it('tolerates what a model may add: a leading line break, CRLF, text after <EOS>, no <EOS> yet', () => {
    expect(parseOutput('\nHello.\r\nChat_\r\n<EOS>\n<PAD><PAD>')).toEqual({
      output: 'Hello.',
      reaction: 'Chat_',
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
    expect(parseOutput('Line one\nline two\nLamp_\n<EOS>')).toMatchObject({
      output: 'Line one\nline two',
      reaction: 'Lamp_',
    });
  });
});

describe('parseReaction', () => {
  const protocol = example();
  it.each([
    ['Chat_', { token: 'Chat_', value: null, guardrail: false }],
    ['Warning_5', { token: 'Warning_', value: 5, guardrail: false }],
    ['Warning_-2.5', { token: 'Warning_', value: -2.5, guardrail: false }],
    ['Warning_', { token: 'Warning_', value: null, guardrail: false }],
    ['Chat_<UNK>_', { token: 'Chat_', value: null, guardrail: true }],
    ['<NON>_<UNK>_', { token: '<NON>', value: null, guardrail: true }],
  ])('%s', (reaction, expected) => {
    expect(parseReaction(protocol, reaction)).toEqual(expected);
  });

  it('is null for what no final token explains', () => {
    expect(parseReaction(protocol, 'Keeper_')).toBeNull();
    expect(parseReaction(protocol, 'Chat_5')).toBeNull();
    expect(parseReaction(protocol, 'Warning_five')).toBeNull();
    expect(parseReaction(protocol, '')).toBeNull();
  });
});

describe('helpers', () => {
  it('numberSlot and formatNumberList follow the template', () => {
    const protocol = example();
    expect(numberSlot(protocol.tokens['Wind_']!)).toBe('<num_0_12>');
    expect(numberSlot(protocol.tokens['Position_']!)).toBe('<num_-50_50_2>');
    expect(numberSlot(protocol.tokens['Warning_']!)).toBe('<num_0_5>');
    expect(numberSlot(protocol.tokens['Keeper_']!)).toBe('');
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
      renderPrompt(protocol, 'keeper_talks_with_sailor', [{ text: 'a' }, { text: 'b' }]),
    ];
    const again = [
      renderSample(protocol, 2, sample),
      renderGuardrail(protocol, 0, 'x'),
      renderPrompt(protocol, 'keeper_talks_with_sailor', [{ text: 'a' }, { text: 'b' }]),
    ];
    expect(again).toEqual(once);
  });
});

describeWithReference('rendering the official example as the reference shows it', () => {
  it("renders the reference README's example exactly (set 1, sample 1 of the v2 example)", () => {
    const protocol = officialExample();
    const [inputLines, outputLines] = readmeBlocks();
    expect(inputLines).toHaveLength(7);
    expect(renderSample(protocol, 0, protocol.sets[0]!.samples[0]!)).toEqual({
      input: inputLines!.join('\n') + '\n',
      output: outputLines!.join('\n'),
      reaction: protocol.sets[0]!.finalTokens[0],
    });
  });

  it("gives the official template's example input and guardrail output", () => {
    const protocol = officialExample();
    const template = referenceJson<{
      example_usage: { instruction_input: string; guardrail_model_output: string };
    }>('examples/template_2_1_0.json');
    // The official generator drew random numbers ([-510, -361, 341] and 5) for set 3, sample 1.
    const sample: Sample = { ...protocol.sets[2]!.samples[0]!, numberLists: [[[-510, -361, 341]], [], []] };
    expect(renderSample(protocol, 2, sample).input).toBe(template.example_usage.instruction_input);
    expect(renderGuardrail(protocol, 0, 'x').output).toBe(template.example_usage.guardrail_model_output);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
