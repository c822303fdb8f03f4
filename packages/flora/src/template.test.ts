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
      [{ min: -50, max: 50, length: 2 }],
      [{ min: 0, max: 12 }],
    ]);
    expect(numeric.inputs.map((l) => l.numbers)).toEqual([2, 1]);
    expect(instructions[0]!.reactions).toContain('Chat_<UNK>_');
  });

  it('renders prompts exactly as mtp renderPrompt, number slots and line breaks included', () => {
    const inputs = [
      { text: 'Where\nis the reef?', numbers: [40, -50] },
      { text: 'Blowing a gale.\r\n', numbers: [9] },
    ];
    expect(renderPrompt(instructions, numeric.name, inputs)).toBe(
      mtpRenderPrompt(protocol, numeric.name, inputs),
    );
    expect(renderPrompt(instructions, numeric.name, inputs)).toContain('Position_[40, -50]\n');
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
      { text: 'a', numbers: [1, 2] },
      { text: 'b', numbers: [4] },
    ];
    expect(code(() => renderPrompt(instructions, 'nope', ok))).toBe('unknown_instruction');
    expect(code(() => renderPrompt(instructions, numeric.name, ok.slice(0, 1)))).toBe('bad_input');
    expect(code(() => renderPrompt(instructions, numeric.name, [ok[0]!, { text: 'b', numbers: [13] }]))).toBe(
      'bad_input',
    );
    expect(code(() => renderPrompt(instructions, numeric.name, [ok[0]!, { text: 'b' }]))).toBe('bad_input');
    expect(
      code(() => renderPrompt(instructions, numeric.name, [{ text: 'a', numbers: [1, NaN] }, ok[1]!])),
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
    'Turn back now.\nWarning_5\n<EOS>',
    'one line only',
    '\n\nlead\nmiddle\nChat_<UNK>_\n\n',
    'text\n  Lamp_  \n<EOS>junk after',
    '',
  ])('reads %j as mtp does', (text) => {
    const mtp = mtpParseOutput(text);
    expect(parseOutput(text)).toEqual({ output: mtp.output, reaction: mtp.reaction || null });
  });
});
