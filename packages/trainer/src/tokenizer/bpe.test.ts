import { renderGuardrail, renderSample } from '@greenhouse/mtp';
import { fixtureProtocol } from '@greenhouse/mtp/testing';
import { describe, expect, it } from 'vitest';
import { toByteSymbols, fromByteSymbols } from './byte-level.js';
import { Tokenizer, trainBpe } from './bpe.js';
import { protocolAddedTokens } from './protocol-tokens.js';

function exampleCorpus() {
  const protocol = fixtureProtocol('lighthouse_2_0_1.json');
  const texts: string[] = [...protocol.context];
  protocol.sets.forEach((set, s) => {
    for (const sample of set.samples) {
      const r = renderSample(protocol, s, sample);
      texts.push(r.input, r.output);
    }
    set.guardrails.forEach((g, gi) =>
      g.badExamples.forEach((b) => {
        const r = renderGuardrail(protocol, s, b, { guardrail: gi });
        texts.push(r.input, r.output);
      }),
    );
  });
  return { protocol, texts };
}

// The alphabet itself and the pre-tokenizer: @greenhouse/agent-format's tests.
describe('byte-level symbols', () => {
  it('turn text into one symbol per UTF-8 byte and back, the space as Ġ as GPT-2 does', () => {
    expect(toByteSymbols(' ')).toBe('Ġ');
    expect(toByteSymbols('\n')).toBe('Ċ');
    const text = 'zażółć gęślą jaźń — 🌳\u0000\t';
    expect(fromByteSymbols(toByteSymbols(text))).toBe(text);
  });
});

describe('BPE tokenizer', () => {
  const { protocol, texts } = exampleCorpus();
  const added = protocolAddedTokens(protocol);
  const tok = trainBpe(texts, { vocabSize: 600, addedTokens: added });

  it('keeps control tokens, protocol tokens and number slots whole', () => {
    expect(added.slice(0, 6).map((t) => t.content)).toEqual([
      '<PAD>',
      '<BOS>',
      '<RUN>',
      '<EOS>',
      '<UNK>',
      '<NON>',
    ]);
    expect(added.map((t) => t.content)).toEqual(
      expect.arrayContaining(['Cape_', 'Position_', 'Warning_', '<num_0_12>', '<num_-50_50_2>', '<num_0_5>']),
    );
    const line = '<BOS>\nCape_Sailor_Radio_Position_[12, -8]\nWarning_4\nChat_<UNK>_\n<EOS>';
    const ids = tok.encode(line);
    for (const t of [
      '<BOS>',
      'Cape_',
      'Sailor_',
      'Radio_',
      'Position_',
      'Warning_',
      'Chat_',
      '<UNK>',
      '<EOS>',
    ]) {
      expect(ids).toContain(tok.id(t));
    }
    // No learned merge contains an added token's text or a digit next to anything.
    for (const [l, r] of tok.merges) {
      expect(/[0-9]/.test(fromByteSymbols(l + r)) && (l + r).length > 1).toBe(false);
    }
    expect(tok.decode(ids)).toBe(line);
    expect(tok.decode(ids, { skipSpecial: true })).toBe(
      '\nCape_Sailor_Radio_Position_[12, -8]\nWarning_4\nChat__\n',
    );
  });

  it('round-trips any text, seen or not', () => {
    for (const t of [...texts, 'never seen: Ünïcödé 🌳🌳 tabs\tand\r\nCRLF', '', '   ', '<BOS<EOS>>']) {
      expect(tok.decode(tok.encode(t))).toBe(t);
    }
  });

  it('compresses the text it was trained on', () => {
    const chars = texts.join('').length;
    const ids = texts.reduce((n, t) => n + tok.encode(t).length, 0);
    expect(ids).toBeLessThan(chars / 2.5);
    expect(tok.size).toBeLessThanOrEqual(600);
    expect(tok.merges.length).toBeGreaterThan(50);
  });

  it('is deterministic and survives tokenizer.json', () => {
    const again = trainBpe([...texts], { vocabSize: 600, addedTokens: added });
    expect(again.merges).toEqual(tok.merges);
    const json = JSON.parse(JSON.stringify(tok.toJSON())) as ReturnType<Tokenizer['toJSON']>;
    expect(json.model.vocab['<EOS>']).toBe(3);
    expect(json.model.vocab['Ġ']).toBe(added.length + 32);
    const loaded = Tokenizer.fromJSON(json);
    for (const t of texts) expect(loaded.encode(t)).toEqual(tok.encode(t));
  });

  it('applies merges by rank, as BPE does', () => {
    const t = trainBpe(['aaaa aaaa aaaa', 'ab ab ab'], { vocabSize: 300, addedTokens: [] });
    expect(t.merges[0]).toEqual(['a', 'a']);
    expect(t.encode('aaaaa').map((id) => t.tokens[id])).toEqual(['aaaa', 'a']);
    expect(t.encode('aaa').map((id) => t.tokens[id])).toEqual(['aa', 'a']);
  });
});
