// sha256 through WebCrypto (globalThis.crypto.subtle: Node ≥ 20 and browsers; in a browser only in a
// secure context — https or localhost).
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle)
    throw new Error('WebCrypto (crypto.subtle) is not available: it needs Node ≥ 20 or a secure context');
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}
