// Strict RFC 4648 base64 (with padding), decoded a part at a time into a small buffer from a string or from
// the ASCII bytes of a file — no Buffer, no atob (which would build a 13 MB binary string for a 10 MB weights
// file), no copy of the whole.
const TABLE = (() => {
  const t = new Int16Array(512).fill(-1); // indexed by any character & 0x1ff: no read out of bounds
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
})();

/** Each byte's base64 value, or -1 (the kernels' `base64` reads this table). */
export const BASE64_VALUES = Int8Array.from(TABLE.subarray(0, 256));

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

/**
 * Decodes bytes `from`…`from + out.length` of the span (`from` a multiple of 3; out.length too, unless the part
 * runs to the end) into `out`: a part of a large span at a time, into a small buffer. False when the part is
 * not valid base64 (padding is only valid at the span's end).
 */
export function decodeBase64Part(span: Base64Span, from: number, out: Uint8Array): boolean {
  const length = decodedLength(span);
  if (length < 0 || from % 3 !== 0 || from + out.length > length) return false;
  const last = from + out.length === length;
  if (!last && out.length % 3 !== 0) return false;
  const start = span.start + (from / 3) * 4;
  const end = last ? span.end : start + (out.length / 3) * 4;
  return decodeGroups(span.source, start, end, last, out);
}

/** Groups of four characters start…end → out (its exact length); the last group may be padded if `final`. */
function decodeGroups(
  source: string | Uint8Array,
  start: number,
  end: number,
  final: boolean,
  out: Uint8Array,
): boolean {
  // The last group (maybe padded) on its own; the others in a loop specialised to the source's type.
  const body = final ? end - 4 : end;
  const o =
    typeof source === 'string'
      ? groupsOfText(source, start, body, out)
      : groupsOfBytes(source, start, body, out);
  if (o < 0) return false;
  if (!final || start === end) return o === out.length;
  const at = (i: number) => (typeof source === 'string' ? source.charCodeAt(i) : source[i]!);
  const [p0, p1, p2, p3] = [at(body), at(body + 1), at(body + 2), at(body + 3)];
  const c2 = p2 === 0x3d && p3 === 0x3d ? 0 : TABLE[p2 & 0x1ff]!;
  const c3 = p3 === 0x3d ? 0 : TABLE[p3 & 0x1ff]!;
  const v = (TABLE[p0 & 0x1ff]! << 18) | (TABLE[p1 & 0x1ff]! << 12) | (c2 << 6) | c3;
  if ((TABLE[p0 & 0x1ff]! | TABLE[p1 & 0x1ff]! | c2 | c3) < 0 || (p0 | p1 | p2 | p3) > 0xff) return false;
  // `out` has the exact length, so a padded last group writes only its 1 or 2 bytes.
  let k = o;
  if (k < out.length) out[k++] = v >>> 16;
  if (k < out.length) out[k++] = (v >>> 8) & 255;
  if (k < out.length) out[k++] = v & 255;
  return k === out.length;
}

/** Unpadded groups start…end of bytes → out from 0: the bytes written, or -1 (not base64, or too many). */
function groupsOfBytes(source: Uint8Array, start: number, end: number, out: Uint8Array): number {
  if (((end - start) / 4) * 3 > out.length) return -1;
  let o = 0;
  for (let i = start; i < end; i += 4) {
    // Bytes are < 256: no character aliases a table entry.
    const c0 = TABLE[source[i]!]!;
    const c1 = TABLE[source[i + 1]!]!;
    const c2 = TABLE[source[i + 2]!]!;
    const c3 = TABLE[source[i + 3]!]!;
    if ((c0 | c1 | c2 | c3) < 0) return -1;
    const v = (c0 << 18) | (c1 << 12) | (c2 << 6) | c3;
    out[o] = v >> 16;
    out[o + 1] = v >> 8;
    out[o + 2] = v;
    o += 3;
  }
  return o;
}

/** The same from a string's characters. */
function groupsOfText(source: string, start: number, end: number, out: Uint8Array): number {
  if (((end - start) / 4) * 3 > out.length) return -1;
  let o = 0;
  for (let i = start; i < end; i += 4) {
    const p0 = source.charCodeAt(i);
    const p1 = source.charCodeAt(i + 1);
    const p2 = source.charCodeAt(i + 2);
    const p3 = source.charCodeAt(i + 3);
    // Characters above 0xff must not alias a table entry (TABLE covers 0…0x1ff, -1 above 0x7f).
    if ((p0 | p1 | p2 | p3) > 0xff) return -1;
    const c0 = TABLE[p0]!;
    const c1 = TABLE[p1]!;
    const c2 = TABLE[p2]!;
    const c3 = TABLE[p3]!;
    if ((c0 | c1 | c2 | c3) < 0) return -1;
    const v = (c0 << 18) | (c1 << 12) | (c2 << 6) | c3;
    out[o] = v >> 16;
    out[o + 1] = v >> 8;
    out[o + 2] = v;
    o += 3;
  }
  return o;
}
