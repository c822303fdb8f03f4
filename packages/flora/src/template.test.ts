import {
  buildTemplate,
  parseOutput as mtpParseOutput,
  renderPrompt as mtpRenderPrompt,
} from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { exampleProtocol } from '../test/fixture.js';
import { FloraError } from './errors.js';
import { parseOutput, readInstructions, renderPrompt } from './template.js';

const protocol = exampleProtocol();
const instructions = readInstructions(JSON.stringify(buildTemplate(protocol), null, 2));
const numeric = instructions.find((i) => i.inputs.some((l) => l.numbers > 0))!;

describe('instructions from template.json', () => {
  it('lists every instruction set with its input lines, number slots and reactions', () => {
    expect(instructions.map((i) => i.name)).toEqual(protocol.sets.map((s) => s.name));
    expect(numeric.inputs.map((l) => l.numberSlots)).toEqual([
      [{ min: -1000, max: 1000, length: 3 }],
      [{ min: 0, max: 10 }],
    ]);
    expect(numeric.inputs.map((l) => l.numbers)).toEqual([3, 1]);
    expect(instructions[0]!.reactions).toContain('Continue_<UNK>_');
  });

  it('renders prompts exactly as mtp renderPrompt, number slots and line breaks included', () => {
    const inputs = [
      { text: 'Where\nare you going?', numbers: [100, -200, 0] },
      { text: 'Down the rabbit hole.\r\n', numbers: [7] },
    ];
    expect(renderPrompt(instructions, numeric.name, inputs)).toBe(
      mtpRenderPrompt(protocol, numeric.name, inputs),
    );
    expect(renderPrompt(instructions, numeric.name, inputs)).toContain('Coordinates_[100, -200, 0]\n');
    for (const i of instructions.filter((x) => x.inputs.every((l) => l.numbers === 0))) {
      const plain = i.inputs.map((_, k) => ({ text: `line ${k}` }));
      expect(renderPrompt(instructions, i.name, plain)).toBe(mtpRenderPrompt(protocol, i.name, plain));
    }
  });

  it('refuses bad requests with stable codes', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as FloraError).code;
      }
      return 'none';
    };
    const ok = [
      { text: 'a', numbers: [1, 2, 3] },
      { text: 'b', numbers: [4] },
    ];
    expect(code(() => renderPrompt(instructions, 'nope', ok))).toBe('unknown_instruction');
    expect(code(() => renderPrompt(instructions, numeric.name, ok.slice(0, 1)))).toBe('bad_input');
    expect(code(() => renderPrompt(instructions, numeric.name, [ok[0]!, { text: 'b', numbers: [11] }]))).toBe(
      'bad_input',
    );
    expect(code(() => renderPrompt(instructions, numeric.name, [ok[0]!, { text: 'b' }]))).toBe('bad_input');
    expect(
      code(() => renderPrompt(instructions, numeric.name, [{ text: 'a', numbers: [1, 2, NaN] }, ok[1]!])),
    ).toBe('bad_input');
    expect(code(() => renderPrompt(instructions, numeric.name, [ok[0]!, { numbers: [1] } as never]))).toBe(
      'bad_input',
    );
    expect(code(() => renderPrompt(instructions, numeric.name, ok))).toBe('none');
  });

  it('refuses a template without instructions', () => {
    expect(() => readInstructions('{"instructions": {"x": {"input": []}}}')).toThrow(FloraError);
    expect(() => readInstructions('[]')).toThrow(/no instructions/);
  });
});

describe('parseOutput', () => {
  it.each([
    'We are all mad here.\nMadness_5\n<EOS>',
    'one line only',
    '\n\nlead\nmiddle\nContinue_<UNK>_\n\n',
    'text\n  Appear_  \n<EOS>junk after',
    '',
  ])('reads %j as mtp does', (text) => {
    const mtp = mtpParseOutput(text);
    expect(parseOutput(text)).toEqual({ output: mtp.output, reaction: mtp.reaction || null });
  });
});
