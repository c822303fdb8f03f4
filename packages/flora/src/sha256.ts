// SHA-256 (FIPS 180-4), incremental — no WebCrypto: weights.bin is hashed chunk by chunk as it is decoded
// (WebCrypto hashes one whole buffer, which it first copies: 9 MB more for a 5M model, freed again, which
// leaves glibc keeping more memory), and it also runs in a browser page that is not a secure context.
// The whole blocks are compressed by the kernels' `sha256` where the bytes are in their memory (weights.ts:
// kernelSha256 — WebAssembly: faster, and no JS loop for V8 to optimize), else by `compress` here.
const K = Int32Array.from(
  [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ],
  (k) => k | 0,
);

/** The initial state. */
const H0 = Int32Array.of(
  0x6a09e667,
  0xbb67ae85 | 0,
  0x3c6ef372,
  0xa54ff53a | 0,
  0x510e527f,
  0x9b05688c | 0,
  0x1f83d9ab,
  0x5be0cd19,
);

/** The 64 round constants, as the kernels' `sha256` reads them. */
export const SHA256_K: Readonly<Int32Array> = K;

/** Compresses whole blocks of b[from…to) into h (kernels-sized, 64-byte multiples); false when it cannot. */
export type FastBlocks = (b: Uint8Array, from: number, to: number) => boolean;

export class Sha256 {
  private readonly h: Int32Array;
  private readonly w = new Int32Array(64);
  /** The bytes of an incomplete block. */
  private readonly block = new Uint8Array(64);
  private buffered = 0;
  private length = 0;

  /**
   * `state`: where the 8 state words live (by default a fresh array); `fast`: a faster compression of whole
   * blocks over that state (the kernels' `sha256`, for bytes in their memory).
   */
  constructor(
    state: Int32Array = new Int32Array(8),
    private readonly fast?: FastBlocks,
  ) {
    this.h = state;
    this.h.set(H0);
  }

  /** Adds bytes (any number, in any pieces). */
  update(bytes: Uint8Array): this {
    let i = 0;
    const n = bytes.length;
    this.length += n;
    if (this.buffered > 0) {
      while (i < n && this.buffered < 64) this.block[this.buffered++] = bytes[i++]!;
      if (this.buffered < 64) return this;
      this.blocks(this.block, 0, 64);
      this.buffered = 0;
    }
    const whole = i + ((n - i) & ~63);
    this.blocks(bytes, i, whole);
    for (i = whole; i < n; i++) this.block[this.buffered++] = bytes[i]!;
    return this;
  }

  /** The digest of everything added, as lowercase hex (the object is spent). */
  hex(): string {
    const bits = this.length * 8;
    const tail = new Uint8Array(this.buffered + 9 <= 64 ? 64 : 128);
    tail.set(this.block.subarray(0, this.buffered));
    tail[this.buffered] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(tail.length - 4, bits >>> 0);
    this.blocks(tail, 0, tail.length);
    let hex = '';
    for (const v of this.h) hex += (v >>> 0).toString(16).padStart(8, '0');
    return hex;
  }

  /** Compresses the 64-byte blocks of b[from…to). */
  private blocks(b: Uint8Array, from: number, to: number): void {
    if (to > from && !this.fast?.(b, from, to)) compress(this.h, this.w, b, from, to);
  }
}

/** SHA-256's compression of the 64-byte blocks of b[from…to) into the state H (W: 64 words of scratch). */
export function compress(H: Int32Array, W: Int32Array, b: Uint8Array, from: number, to: number): void {
  for (let p = from; p < to; p += 64) {
    for (let i = 0; i < 16; i++) {
      const q = p + 4 * i;
      W[i] = (b[q]! << 24) | (b[q + 1]! << 16) | (b[q + 2]! << 8) | b[q + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = W[i - 15]!;
      const y = W[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[i] = (((((W[i - 16]! + s0) | 0) + W[i - 7]!) | 0) + s1) | 0;
    }
    let a = H[0]!;
    let b1 = H[1]!;
    let c = H[2]!;
    let d = H[3]!;
    let e = H[4]!;
    let f = H[5]!;
    let g = H[6]!;
    let h = H[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (((((((h + S1) | 0) + ch) | 0) + K[i]!) | 0) + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b1) ^ (a & c) ^ (b1 & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b1;
      b1 = a;
      a = (t1 + t2) | 0;
    }
    H[0] = (H[0]! + a) | 0;
    H[1] = (H[1]! + b1) | 0;
    H[2] = (H[2]! + c) | 0;
    H[3] = (H[3]! + d) | 0;
    H[4] = (H[4]! + e) | 0;
    H[5] = (H[5]! + f) | 0;
    H[6] = (H[6]! + g) | 0;
    H[7] = (H[7]! + h) | 0;
  }
}
