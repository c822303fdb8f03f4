import {
  Tokenizer as TrainerTokenizer,
  tokenizerCorpus,
  trainBpe,
  protocolAddedTokens,
} from '@greenhouse/trainer';
import { describe, expect, it } from 'vitest';
import { exampleProtocol, exampleTokenizer } from '../test/fixture.js';
import { FloraError } from './errors.js';
import { Tokenizer } from './tokenizer.js';

const { tokenizer: json } = exampleTokenizer();
const trainer = TrainerTokenizer.fromJSON(json);
const flora = Tokenizer.fromJSON(JSON.stringify(json));

const TEXTS = [
  '',
  'Maren has kept the light for thirty years',
  "<BOS>\nCape_Keeper_Radio_\nWe're all at sea here.\nCape_Sailor_Radio_Wind_5\n<RUN>\n",
  'Position_[-42, 17] and 3.14159, 2026-11-22',
  'Cape_Cape_<UNK>_<EOS><EOS>Chat_<UNK>_', // added tokens back to back
  'Cape_Sail', // an added token's prefix that is not one
  'naïve café — “quotes”, emoji 🐇🕰️, 漢字, Ελληνικά',
  '  leading and trailing spaces  \t\r\n\n  ',
  "it's they're we've I'm you'll he'd",
  '1234567890 000 9',
];

describe('Tokenizer (Flora) vs the trainer', () => {
  it('reads the trainer tokenizer.json with the same size and ids', () => {
    expect(flora.size).toBe(trainer.size);
    expect(flora.addedId('<EOS>')).toBe(trainer.id('<EOS>'));
  });

  it.each(TEXTS)('encodes %j to the same ids and decodes it back', (text) => {
    const ids = flora.encode(text);
    expect(ids).toEqual(trainer.encode(text));
    expect(flora.decode(ids)).toBe(text);
  });

  it('encodes every pretraining and example text of the protocol as the trainer does', () => {
    for (const text of tokenizerCorpus(exampleProtocol()))
      expect(flora.encode(text)).toEqual(trainer.encode(text));
  });

  it('reads an extended tokenizer (a base with protocol tokens appended after its merges) as the trainer does', () => {
    // A "base" trained with control tokens only, then the protocol's keys and slots appended.
    const protocol = exampleProtocol();
    const control = protocolAddedTokens(protocol).filter((t) => t.special);
    const base = trainBpe(tokenizerCorpus(protocol), { vocabSize: 700, addedTokens: control });
    const extended = base.extend(protocolAddedTokens(protocol));
    expect(extended.size).toBeGreaterThan(base.size);
    // The base's ids are unchanged; the appended tokens come after them.
    for (const text of TEXTS.slice(0, 2)) expect(extended.encode(text)).toEqual(base.encode(text));
    const again = TrainerTokenizer.fromJSON(extended.toJSON());
    const f = Tokenizer.fromJSON(JSON.stringify(extended.toJSON()));
    expect(f.size).toBe(extended.size);
    for (const text of [...TEXTS, ...tokenizerCorpus(protocol)]) {
      expect(again.encode(text)).toEqual(extended.encode(text));
      expect(f.encode(text)).toEqual(extended.encode(text));
      expect(f.decode(extended.encode(text))).toBe(text);
    }
    const key = extended.encode('Cape_');
    expect(key).toHaveLength(1);
    expect(key[0]).toBeGreaterThanOrEqual(base.size);
    expect(f.isAddedId(key[0]!)).toBe(true);
    expect(extended.isAdded(key[0]!)).toBe(true);
  });

  it('keeps added tokens whole and splits digits', () => {
    const eos = flora.addedId('<EOS>')!;
    expect(flora.encode('<EOS>')).toEqual([eos]);
    expect(flora.encode('12').length).toBe(2);
  });

  it('decodes incrementally: a character split across tokens comes out whole, once', () => {
    // A tokenizer without merges: every byte is one token, so '🐇' (4 bytes) is 4 tokens.
    const bytes = TrainerTokenizer.fromJSON(
      trainBpe([], { vocabSize: 300, addedTokens: protocolAddedTokens(exampleProtocol()) }).toJSON(),
    );
    const t = Tokenizer.fromJSON(JSON.stringify(bytes.toJSON()));
    const ids = t.encode('a🐇b');
    expect(ids).toHaveLength(6);
    const d = t.decoder();
    expect(ids.map((id) => d.push(id))).toEqual(['a', '', '', '', '🐇', 'b']);
    expect(d.end()).toBe('');
  });

  it('refuses a tokenizer.json that is not a byte-level BPE', () => {
    const bad = (j: unknown) => () => Tokenizer.fromJSON(JSON.stringify(j));
    expect(bad({ model: { type: 'WordPiece' } })).toThrow(FloraError);
    expect(bad({ ...json, model: { ...json.model, merges: ['x y'] } })).toThrow(
      /merge outside the vocabulary/,
    );
    expect(() => Tokenizer.fromJSON('{')).toThrow(/not JSON/);
  });
});
