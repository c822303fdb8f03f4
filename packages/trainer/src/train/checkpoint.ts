// A training run's complete state, and its binary encoding.
//
// The state is the weights, AdamW's moments and step counter, the losses so far and the counters. The
// batch stream is NOT stored: a resumed run replays it from the seed (skipping `step` batches — a
// shuffle per epoch, far cheaper than one training step), so the checkpoint does not depend on the
// random generator's internals.
//
// Binary layout (all integers little-endian):
//   0  magic "GHCK" (4 bytes)
//   4  format version, uint32 (1)
//   8  header length H in bytes, uint32
//  12  header: UTF-8 JSON {step, optimizerStep, tokens, seconds, losses, length, meta}
//      then zero bytes up to a multiple of 4
//   …  params, m, v: `length` float32 each, little-endian
// A file of any other length is refused (a truncated write must not resume as garbage).

export interface TrainingCheckpoint {
  /** Steps done. */
  step: number;
  /** The flat parameter buffer (a copy). */
  params: Float32Array;
  /** AdamW's first and second moments, same layout. */
  m: Float32Array;
  v: Float32Array;
  /** AdamW's own step counter (its bias correction). */
  optimizerStep: number;
  /** Loss of every step so far. */
  losses: number[];
  /** Tokens trained so far. */
  tokens: number;
  /** Training seconds so far (for tokens/s over the whole run). */
  seconds: number;
  /** The caller's own state (JSON), e.g. a training stage's validation curve. */
  meta?: Record<string, unknown>;
}

const MAGIC = [0x47, 0x48, 0x43, 0x4b]; // "GHCK"
const VERSION = 1;
const PREAMBLE = 12;

// Float32Array reads and writes in the platform's byte order; the format is little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface Header {
  step: number;
  optimizerStep: number;
  tokens: number;
  seconds: number;
  losses: number[];
  length: number;
  meta?: Record<string, unknown>;
}

export function encodeCheckpoint(cp: TrainingCheckpoint): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('checkpoints need a little-endian platform');
  const length = cp.params.length;
  if (cp.m.length !== length || cp.v.length !== length)
    throw new Error('checkpoint params, m and v differ in length');
  const header: Header = {
    step: cp.step,
    optimizerStep: cp.optimizerStep,
    tokens: cp.tokens,
    seconds: cp.seconds,
    // JSON keeps every double exactly (shortest round-trip form), so resumed losses are bit-identical.
    losses: cp.losses,
    length,
    ...(cp.meta ? { meta: cp.meta } : {}),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const arraysAt = PREAMBLE + Math.ceil(json.length / 4) * 4;
  const bytes = new Uint8Array(arraysAt + 3 * length * 4);
  bytes.set(MAGIC, 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, PREAMBLE);
  const floats = new Float32Array(bytes.buffer, arraysAt, 3 * length);
  floats.set(cp.params, 0);
  floats.set(cp.m, length);
  floats.set(cp.v, 2 * length);
  return bytes;
}

export function decodeCheckpoint(bytes: Uint8Array): TrainingCheckpoint {
  if (!LITTLE_ENDIAN) throw new Error('checkpoints need a little-endian platform');
  if (bytes.length < PREAMBLE || MAGIC.some((b, i) => bytes[i] !== b))
    throw new Error('not a training checkpoint (bad magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== VERSION) throw new Error(`unsupported checkpoint version ${version} (expected ${VERSION})`);
  const headerLength = view.getUint32(8, true);
  if (PREAMBLE + headerLength > bytes.length)
    throw new Error(
      `checkpoint truncated: ${bytes.length} bytes, header alone needs ${PREAMBLE + headerLength}`,
    );
  let header: Header;
  try {
    header = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(PREAMBLE, PREAMBLE + headerLength)),
    ) as Header;
  } catch {
    throw new Error('checkpoint header is damaged');
  }
  const arraysAt = PREAMBLE + Math.ceil(headerLength / 4) * 4;
  const expected = arraysAt + 3 * header.length * 4;
  if (bytes.length !== expected)
    throw new Error(`checkpoint truncated or damaged: ${bytes.length} bytes, expected ${expected}`);
  // A copy: aligned whatever the input's offset, and independent of the caller's buffer.
  const floats = new Float32Array(bytes.slice(arraysAt, expected).buffer);
  const n = header.length;
  return {
    step: header.step,
    params: floats.subarray(0, n),
    m: floats.subarray(n, 2 * n),
    v: floats.subarray(2 * n, 3 * n),
    optimizerStep: header.optimizerStep,
    losses: header.losses,
    tokens: header.tokens,
    seconds: header.seconds,
    ...(header.meta ? { meta: header.meta } : {}),
  };
}
