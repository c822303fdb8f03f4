import { describe, expect, it } from 'vitest';
import {
  BYTE_SYMBOLS,
  BYTES_PER_VALUE,
  GPT_FUNCTIONS,
  gptArchitecture,
  mergeKey,
  mergeSymbols,
  preTokenize,
  SYMBOL_BYTES,
  tensorShapes,
  tensorTable,
  valueCount,
  type ModelShape,
} from './index.js';

const shape: ModelShape = {
  vocabSize: 11,
  contextLength: 7,
  dModel: 4,
  nLayers: 2,
  nHeads: 2,
  dFF: 16,
  tieEmbeddings: true,
};

describe('the parameter order', () => {
  it('is wte, wpe, each layer in order, the final LayerNorm, and head only when untied', () => {
    const layer = (l: number) =>
      ['ln1.g', 'ln1.b', 'attn.wqkv', 'attn.bqkv', 'attn.wo', 'attn.bo']
        .concat(['ln2.g', 'ln2.b', 'mlp.w1', 'mlp.b1', 'mlp.w2', 'mlp.b2'])
        .map((n) => `h${l}.${n}`);
    const tied = ['wte', 'wpe', ...layer(0), ...layer(1), 'lnf.g', 'lnf.b'];
    expect(tensorShapes(shape).map((t) => t.name)).toEqual(tied);
    expect(tensorShapes({ ...shape, tieEmbeddings: false }).map((t) => t.name)).toEqual([...tied, 'head']);
  });

  it('gives every tensor its shape ([in, out] for matrices)', () => {
    const byName = new Map(tensorShapes({ ...shape, tieEmbeddings: false }).map((t) => [t.name, t.shape]));
    expect(byName.get('wte')).toEqual([11, 4]);
    expect(byName.get('wpe')).toEqual([7, 4]);
    expect(byName.get('h1.attn.wqkv')).toEqual([4, 12]);
    expect(byName.get('h1.attn.bqkv')).toEqual([12]);
    expect(byName.get('h0.mlp.w1')).toEqual([4, 16]);
    expect(byName.get('h0.mlp.w2')).toEqual([16, 4]);
    expect(byName.get('head')).toEqual([4, 11]);
  });

  it('packs the tensor table: each offset is the bytes before it, 2 per value', () => {
    const table = tensorTable(shape);
    let offset = 0;
    for (const t of table) {
      expect(t.offset).toBe(offset);
      offset += BYTES_PER_VALUE * valueCount(t.shape);
    }
    const d = shape.dModel;
    const perLayer = 4 * d + (3 * d * d + 3 * d) + (d * d + d) + (d * 16 + 16) + (16 * d + d);
    expect(offset).toBe(2 * (11 * d + 7 * d + 2 * perLayer + 2 * d));
    // JSON round trip: the table is what the manifest stores and a reader compares.
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
  });

  it('fixes the functions an engine must run (changing them needs a new format version)', () => {
    const fixed =
      '{"type":"gpt","activation":"gelu-tanh","positionEmbedding":"learned","normalization":"pre-layernorm"';
    expect(JSON.stringify(GPT_FUNCTIONS)).toBe(
      `${fixed},"attention":"causal-multi-head","matrices":"row-major [in, out]: y = x·W + b"}`,
    );
  });
});

describe('the architecture', () => {
  it('is the shape with the fixed functions, in the order version-1 files write its fields', () => {
    const a = gptArchitecture(shape);
    expect(Object.keys(a)).toEqual([
      'type',
      ...Object.keys(shape),
      'layerNormEpsilon',
      ...Object.keys(GPT_FUNCTIONS).slice(1),
    ]);
    expect(a).toMatchObject({ ...shape, ...GPT_FUNCTIONS, layerNormEpsilon: 1e-5 });
  });
});

describe('the byte-level alphabet', () => {
  it('has 256 distinct one-character symbols and maps every byte there and back', () => {
    expect(BYTE_SYMBOLS).toHaveLength(256);
    expect(new Set(BYTE_SYMBOLS).size).toBe(256);
    for (let b = 0; b < 256; b++) {
      expect(BYTE_SYMBOLS[b]).toHaveLength(1);
      expect(SYMBOL_BYTES.get(BYTE_SYMBOLS[b]!)).toBe(b);
    }
    expect(SYMBOL_BYTES.size).toBe(256);
  });

  it("is GPT-2's: printable Latin-1 as itself, the rest U+0100 + n in byte order", () => {
    expect(BYTE_SYMBOLS[0x41]).toBe('A');
    expect(BYTE_SYMBOLS[0xe9]).toBe('é');
    expect(BYTE_SYMBOLS[0x00]).toBe('\u0100');
    expect(BYTE_SYMBOLS[0x20]).toBe('Ġ');
    expect(BYTE_SYMBOLS[0x0a]).toBe('Ċ');
    expect(BYTE_SYMBOLS[0xad]).toBe('Ń'); // the soft hyphen is not kept: the 68th remapped byte
  });
});

describe('pre-tokenizing and merging', () => {
  it('splits every digit alone, then by GPT-2 words', () => {
    expect(preTokenize('Emotion 105, hi  there\n')).toEqual([
      'Emotion',
      ' ',
      '1',
      '0',
      '5',
      ',',
      ' hi',
      ' ',
      ' there',
      '\n',
    ]);
  });

  it('merges the pair of lowest rank first, all its occurrences left to right', () => {
    const ranks = new Map([
      [mergeKey('a', 'b'), 1],
      [mergeKey('b', 'c'), 0],
      [mergeKey('a', 'bc'), 2],
    ]);
    expect(mergeSymbols(['a', 'b', 'c', 'a', 'b'], ranks)).toEqual(['abc', 'ab']);
    expect(mergeSymbols(['a', 'a', 'a'], new Map([[mergeKey('a', 'a'), 0]]))).toEqual(['aa', 'a']);
    expect(mergeSymbols([], ranks)).toEqual([]);
  });
});
