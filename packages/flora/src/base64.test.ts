import { describe, expect, it } from 'vitest';
import { decodeBase64Part, decodedLength, type Base64Span } from './base64.js';
import { mulberry32 } from './sampling.js';

/** The span decoded part by part (parts of `size` bytes), or null when a part is refused. */
function decodeInParts(span: Base64Span, size: number): Uint8Array | null {
  const length = decodedLength(span);
  if (length < 0) return null;
  const out = new Uint8Array(length);
  for (let at = 0; at < length; at += size)
    if (!decodeBase64Part(span, at, out.subarray(at, Math.min(at + size, length)))) return null;
  return out;
}

const spans = (b64: string, prefix = 'xx"', suffix = '"}'): Base64Span[] => {
  const text = prefix + b64 + suffix;
  const start = prefix.length;
  const end = start + b64.length;
  return [
    { source: text, start, end },
    { source: new TextEncoder().encode(text), start, end },
  ];
};

describe('decodeBase64Part', () => {
  it('decodes a string or bytes in parts of any multiple of 3, every padding, as Buffer does', () => {
    const random = mulberry32(1);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 100, 1001]) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
      const b64 = Buffer.from(bytes).toString('base64');
      for (const span of spans(b64))
        for (const size of [3, 6, 48, 3 * 1024]) expect(decodeInParts(span, size)).toEqual(bytes);
    }
  });

  it('refuses what is not base64: bad characters, padding before the end, wide characters', () => {
    const good = Buffer.from('any carnal pleasure.').toString('base64'); // ends with '='
    expect(good.endsWith('=')).toBe(true);
    for (const bad of [
      '*' + good.slice(1),
      good.slice(0, 8) + '====' + good.slice(12),
      good.slice(0, 4) + '\u0141' + good.slice(5),
    ])
      for (const span of spans(bad)) expect(decodeInParts(span, 3)).toBeNull();
    expect(decodeInParts(spans(good.slice(0, -1))[0]!, 3)).toBeNull(); // length not a multiple of 4
    // A part must start at a multiple of 3 and, unless it is the last, be a multiple of 3 long.
    const [span] = spans(good);
    expect(decodeBase64Part(span!, 1, new Uint8Array(3))).toBe(false);
    expect(decodeBase64Part(span!, 0, new Uint8Array(4))).toBe(false);
  });
});
