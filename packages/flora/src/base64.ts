// Strict RFC 4648 base64 (with padding), decoded straight into a target buffer from a string or from the
// ASCII bytes of a file — no Buffer, no atob (which would build a 13 MB binary string for a 10 MB weights file),
// no intermediate copy.
const TABLE = (() => {
  const t = new Int16Array(256).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
})();

/** A run of base64 text: characters start…end of a string, or bytes start…end of a file. */
export interface Base64Span {
  source: string | Uint8Array;
  start: number;
  end: number;
}

/** Bytes the span decodes to, or -1 when its length or padding cannot be base64. */
export function decodedLength(span: Base64Span): number {
  const n = span.end - span.start;
  if (n % 4 !== 0) return -1;
  const at = (i: number) => (typeof span.source === 'string' ? span.source.charCodeAt(i) : span.source[i]!);
  const EQ = 0x3d;
  const pad = n === 0 ? 0 : at(span.end - 1) === EQ ? (at(span.end - 2) === EQ ? 2 : 1) : 0;
  return (n / 4) * 3 - pad;
}

/** Decodes the span into `out` (exactly decodedLength bytes); false when it is not valid base64. */
export function decodeBase64Into(span: Base64Span, out: Uint8Array): boolean {
  const length = decodedLength(span);
  if (length < 0 || out.length !== length) return false;
  const { source, start, end } = span;
  const code = typeof source === 'string' ? (i: number) => source.charCodeAt(i) : (i: number) => source[i]!;
  let o = 0;
  // Whole groups of four characters → three bytes; the last group may be padded.
  for (let i = start; i < end; i += 4) {
    const c0 = TABLE[code(i) & 0x1ff] ?? -1;
    const c1 = TABLE[code(i + 1) & 0x1ff] ?? -1;
    const last = i + 4 === end;
    const p2 = code(i + 2);
    const p3 = code(i + 3);
    const c2 = last && p2 === 0x3d && p3 === 0x3d ? 0 : (TABLE[p2 & 0x1ff] ?? -1);
    const c3 = last && p3 === 0x3d ? 0 : (TABLE[p3 & 0x1ff] ?? -1);
    // Characters above 0xff must not alias a table entry.
    if ((c0 | c1 | c2 | c3) < 0 || (code(i) | code(i + 1) | p2 | p3) > 0xff) return false;
    const v = (c0 << 18) | (c1 << 12) | (c2 << 6) | c3;
    // `out` has the exact length, so a padded last group writes only its 1 or 2 bytes.
    out[o++] = v >>> 16;
    if (o < length) out[o++] = (v >>> 8) & 255;
    if (o < length) out[o++] = v & 255;
  }
  return true;
}

/** The bytes of a base64 string; null when it is not valid base64. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const span = { source: text, start: 0, end: text.length };
  const length = decodedLength(span);
  if (length < 0) return null;
  const out = new Uint8Array(length);
  return decodeBase64Into(span, out) ? out : null;
}
