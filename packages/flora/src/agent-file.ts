// Reading an agent file (format: @greenhouse/agent-format and its README): one JSON object
//   { format: "greenhouse-agent", formatVersion: 1 or 2, manifest, files: { "template.json", "tokenizer.json",
//     version 2: "reactions.bin" (base64), "weights.bin" (base64) } }
// Every file listed in the manifest is checked against its sha256 (sha256.ts), the architecture against what
// this engine implements, and the tensor table against the architecture (the format's `tensorTable`: its tensor
// order, packed, 2 bytes per value). Anything else is refused with a FloraError and a stable code.
import {
  AGENT_FILES as FILES,
  AGENT_FORMAT,
  AGENT_FORMAT_VERSIONS,
  GPT_FUNCTIONS,
  tensorTable,
  valueCount,
  WEIGHTS_ENCODING,
  type AgentFormatVersion,
  type Architecture,
  type Manifest,
  type TensorEntry,
} from '@greenhouse/agent-format';
import { decodeBase64Part, decodedLength, type Base64Span } from './base64.js';
import { FloraError } from './errors.js';
import { createKernels } from './kernels/kernels.js';
import { kernelSha256, type WeightsSource } from './weights.js';

export interface VerifiedAgentFile {
  formatVersion: AgentFormatVersion;
  manifest: Manifest;
  architecture: Architecture;
  templateText: string;
  tokenizerText: string;
  /** weights.bin (float16 little-endian, in tensor-table order): its base64 and checksum, read by the model. */
  weights: WeightsSource;
  /** The tensor table (checked against the architecture). */
  tensors: TensorEntry[];
  /** Real parameters (values in weights.bin). */
  parameters: number;
  /** Size of the agent file in bytes (UTF-8). */
  bytes: number;
  /** Version 2: reactions.bin, checked against its checksum. */
  reactions: Uint8Array | null;
}

const damaged = (why: string) => new FloraError('damaged', `agent file: ${why}`);
const utf8 = new TextEncoder();

/** Stands for weights.bin's base64 in the JSON text we parse (see `parseSpliced`): JSON text and its value. */
const SPLICED = '\\u0000flora: weights.bin spliced out';
const SPLICED_VALUE = '\u0000flora: weights.bin spliced out';

interface Parsed {
  file: { format?: unknown; formatVersion?: unknown; manifest?: unknown; files?: unknown };
  /** Where weights.bin's base64 is, when it was spliced out of the text before parsing. */
  weights: Base64Span | null;
}

/**
 * JSON.parse without weights.bin's base64 when it can be found: the value of the key "weights.bin" (JSON's own
 * escapes never occur in base64) is cut out of the text and only located, so a 10 MB model does not become a
 * 13 MB JS string (25 MB if the file holds any non-Latin-1 character) plus a copy inside the parsed object.
 * The splice is trusted only if the parsed `files["weights.bin"]` is the placeholder; otherwise the whole text
 * is parsed as it is.
 */
function parseSpliced(source: string | Uint8Array): Parsed {
  const KEY = '"weights.bin"';
  const text = (from: number, to: number) =>
    typeof source === 'string'
      ? source.slice(from, to)
      : new TextDecoder('utf-8', { fatal: true }).decode(source.subarray(from, to));
  const code = (i: number) => (typeof source === 'string' ? source.charCodeAt(i) : source[i]!);
  const length = source.length;
  const find = (from: number) => {
    if (typeof source === 'string') return source.indexOf(KEY, from);
    for (let i = source.indexOf(0x22, from); i >= 0; i = source.indexOf(0x22, i + 1)) {
      let k = 0;
      while (k < KEY.length && source[i + k] === KEY.charCodeAt(k)) k++;
      if (k === KEY.length) return i;
    }
    return -1;
  };
  const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  const lastQuote = (before: number) =>
    typeof source === 'string' ? source.lastIndexOf('"', before) : source.lastIndexOf(0x22, before);
  /** Whether `"weights.bin" :` ends just before the quote at i. */
  const keyBefore = (i: number) => {
    let j = i - 1;
    while (j >= 0 && isSpace(code(j))) j--;
    if (j < 0 || code(j) !== 0x3a) return false;
    j--;
    while (j >= 0 && isSpace(code(j))) j--;
    for (let k = KEY.length - 1; k >= 0; k--, j--) if (j < 0 || code(j) !== KEY.charCodeAt(k)) return false;
    return true;
  };
  // The opening quote of weights.bin's value. The trainer writes it last: then it is the second-to-last quote
  // of the file, found from the end without reading the file (a JS loop over thousands of quotes would be
  // optimized by V8, which pages in more of node's code). Otherwise, the first key "weights.bin".
  const closing = lastQuote(length - 1);
  let open = closing > 0 ? lastQuote(closing - 1) : -1;
  if (!(open >= 0 && keyBefore(open))) {
    open = -1;
    for (let at = find(0); at >= 0; at = find(at + 1)) {
      let i = at + KEY.length;
      while (i < length && isSpace(code(i))) i++;
      if (code(i) !== 0x3a) continue; // ':' — a key, not the manifest's path value
      i++;
      while (i < length && isSpace(code(i))) i++;
      if (code(i) !== 0x22) continue;
      open = i;
      break;
    }
  }
  if (open >= 0) {
    const start = open + 1;
    const end = typeof source === 'string' ? source.indexOf('"', start) : source.indexOf(0x22, start);
    const escape = typeof source === 'string' ? source.indexOf('\\', start) : source.indexOf(0x5c, start);
    // An escape: not plain base64, parse it all.
    if (end >= 0 && !(escape >= 0 && escape < end))
      try {
        const file = JSON.parse(text(0, start) + SPLICED + text(end, length)) as Parsed['file'];
        const files = file?.files as Record<string, unknown> | undefined;
        if (files && files['weights.bin'] === SPLICED_VALUE) return { file, weights: { source, start, end } };
      } catch {
        // Not valid as spliced (or not UTF-8): parse the whole text below, which reports the error.
      }
  }
  let whole: string;
  if (typeof source === 'string') whole = source;
  else {
    try {
      whole = new TextDecoder('utf-8', { fatal: true }).decode(source);
    } catch {
      throw new FloraError('invalid_json', 'agent file: not UTF-8 text');
    }
  }
  try {
    return { file: JSON.parse(whole) as Parsed['file'], weights: null };
  } catch (e) {
    throw new FloraError('invalid_json', `agent file: not JSON (${(e as Error).message})`);
  }
}

/**
 * sha256 (hex) of a text's UTF-8, hashed by the kernels (WebAssembly where it runs) in a small memory of their
 * own: a JS loop hashing 10 KB would be optimized by V8, which pages in more of node's code for that.
 */
async function digests(): Promise<{ text: (text: string) => string; bytes: (bytes: Uint8Array) => string }> {
  const kernels = await createKernels(65536);
  const room = new Uint8Array(kernels.u16.buffer, 1024);
  return {
    text: (text) => {
      const hash = kernelSha256(kernels, 0);
      for (let rest = text; ;) {
        const { read, written } = utf8.encodeInto(rest, room); // whole characters, as many as fit
        hash.update(room.subarray(0, written));
        if (read >= rest.length) return hash.hex();
        rest = rest.slice(read);
      }
    },
    bytes: (bytes) => {
      const hash = kernelSha256(kernels, 0);
      for (let at = 0; at < bytes.length; at += room.length) {
        const part = bytes.subarray(at, at + room.length);
        room.set(part);
        hash.update(room.subarray(0, part.length));
      }
      return hash.hex();
    },
  };
}

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Parses and verifies an agent file, except weights.bin's bytes (see `weights`); throws FloraError. */
export async function readAgentFile(source: string | Uint8Array | ArrayBuffer): Promise<VerifiedAgentFile> {
  if (source instanceof ArrayBuffer) source = new Uint8Array(source);
  // A plain view of a subclass (node's Buffer): its indexOf and subarray are JS, which V8 would optimize.
  else if (source instanceof Uint8Array && source.constructor !== Uint8Array)
    source = new Uint8Array(source.buffer, source.byteOffset, source.length);
  if (typeof source !== 'string' && !(source instanceof Uint8Array))
    throw new FloraError('invalid_json', 'agent file: expected a string, Uint8Array or ArrayBuffer');
  const bytes = typeof source === 'string' ? utf8Length(source) : source.length;
  const { file, weights: splicedWeights } = parseSpliced(source);
  if (typeof file !== 'object' || file === null || file.format !== AGENT_FORMAT)
    throw new FloraError('unknown_format', `not a Greenhouse agent file (format is not "${AGENT_FORMAT}")`);
  const formatVersion = AGENT_FORMAT_VERSIONS.find((v) => v === file.formatVersion);
  if (formatVersion === undefined)
    throw new FloraError(
      'unsupported_version',
      `agent file formatVersion ${JSON.stringify(file.formatVersion)}: this Flora reads versions ${AGENT_FORMAT_VERSIONS.join(' and ')}`,
    );
  const manifest = file.manifest as Manifest;
  const files = file.files as Record<string, unknown>;
  if (typeof manifest !== 'object' || manifest === null || !Array.isArray(manifest.files))
    throw damaged('no manifest or manifest.files');
  if (typeof files !== 'object' || files === null) throw damaged('no files');

  // Every listed file and its checksum over its exact bytes: UTF-8 of a text file, the decoded base64 of a
  // .bin. weights.bin is decoded and checked chunk by chunk as the model reads it (weights.ts: loadWeights).
  const texts = new Map<string, string>();
  const digest = await digests();
  let weightsSpan: Base64Span | null = null;
  let reactions: Uint8Array | null = null;
  let weightsChecksum = '';
  for (const entry of manifest.files) {
    const path = entry?.path;
    if (typeof path !== 'string' || typeof entry.checksum !== 'string')
      throw damaged('a bad manifest.files entry');
    const stored = Object.hasOwn(files, path) ? files[path] : undefined;
    if (typeof stored !== 'string') throw damaged(`${path} is missing`);
    if (path === FILES.weights) {
      weightsSpan = splicedWeights ?? { source: stored, start: 0, end: stored.length };
      weightsChecksum = entry.checksum;
      continue;
    }
    if (path === FILES.reactions && formatVersion === 2) {
      const span = { source: stored, start: 0, end: stored.length };
      const length = decodedLength(span);
      const bytes = new Uint8Array(Math.max(0, length));
      if (length < 0 || !decodeBase64Part(span, 0, bytes)) throw damaged(`${path} is not valid base64`);
      if (entry.checksum !== `sha256:${digest.bytes(bytes)}`)
        throw new FloraError(
          'checksum_mismatch',
          `agent file: ${path} is damaged (its sha256 does not match the manifest)`,
        );
      reactions = bytes;
      continue;
    }
    if (path.endsWith('.bin')) continue; // another binary file: not ours to read; checked only if we read it
    if (entry.checksum !== `sha256:${digest.text(stored)}`)
      throw new FloraError(
        'checksum_mismatch',
        `agent file: ${path} is damaged (its sha256 does not match the manifest)`,
      );
    texts.set(path, stored);
  }
  const text = (path: string) => {
    const t = texts.get(path);
    if (t === undefined) throw damaged(`the manifest does not list ${path}`);
    return t;
  };
  const templateText = text(FILES.template);
  const tokenizerText = text(FILES.tokenizer);
  if (!weightsSpan) throw damaged(`the manifest does not list ${FILES.weights}`);
  if (formatVersion === 2 && !reactions) throw damaged(`the manifest does not list ${FILES.reactions}`);

  const architecture = checkArchitecture(manifest.architecture);
  const w = manifest.weights;
  if (w?.format !== WEIGHTS_ENCODING.format || w.byteOrder !== WEIGHTS_ENCODING.byteOrder)
    throw new FloraError('unsupported_architecture', 'agent file: weights are not little-endian float16');
  const expected = tensorTable(architecture);
  const sameTable =
    Array.isArray(w.tensors) &&
    w.tensors.length === expected.length &&
    expected.every((t, i) => {
      const got = w.tensors[i];
      return (
        got?.name === t.name &&
        got.offset === t.offset &&
        Array.isArray(got.shape) &&
        got.shape.length === t.shape.length &&
        got.shape.every((n, k) => n === t.shape[k])
      );
    });
  if (!sameTable) throw damaged('the tensor table does not match the architecture');
  const parameters = expected.reduce((n, t) => n + valueCount(t.shape), 0);
  const length = decodedLength(weightsSpan);
  if (length < 0) throw damaged('weights.bin is not valid base64');
  if (length !== 2 * parameters)
    throw damaged(`weights.bin has ${length} bytes, the architecture needs ${2 * parameters}`);
  const weights: WeightsSource = { byteLength: length, base64: weightsSpan, checksum: weightsChecksum };
  return {
    formatVersion,
    manifest,
    architecture,
    templateText,
    tokenizerText,
    weights,
    tensors: expected,
    parameters,
    bytes,
    reactions,
  };
}

/** What this engine runs: GPT-2's functions, as the format defines them (its README, "Architecture"). */
function checkArchitecture(a: Architecture | undefined): Architecture {
  if (typeof a !== 'object' || a === null) throw damaged('the manifest has no architecture');
  // The fixed functions; `matrices` only names the layout (the tensor table is checked below).
  const { matrices: _matrices, ...expected } = GPT_FUNCTIONS;
  for (const [k, v] of Object.entries(expected)) {
    const got = (a as unknown as Record<string, unknown>)[k];
    if (got !== v)
      throw new FloraError(
        'unsupported_architecture',
        `agent file: architecture.${k} is ${JSON.stringify(got)}, Flora runs ${JSON.stringify(v)}`,
      );
  }
  for (const k of ['vocabSize', 'contextLength', 'dModel', 'nLayers', 'nHeads', 'dFF'] as const) {
    if (!Number.isInteger(a[k]) || a[k] < 1 || a[k] > 1 << 20)
      throw damaged(`architecture.${k} is not a positive integer`);
  }
  if (a.dModel % a.nHeads !== 0) throw damaged('architecture.dModel is not a multiple of nHeads');
  if (typeof a.tieEmbeddings !== 'boolean') throw damaged('architecture.tieEmbeddings is not a boolean');
  if (!(typeof a.layerNormEpsilon === 'number' && a.layerNormEpsilon > 0))
    throw damaged('architecture.layerNormEpsilon is not positive');
  return a;
}
