// The model folder of Flora native (packages/flora-native, its README "The model folder"): what the Unreal
// plugin databiomes/flora-plugin and the native library read.
//   <Name>/<Name>_template.json  the agent's MTP template (the plugin builds prompts and maps reactions with it)
//   <Name>/tokenizer.bin         the tokenizer, the instructions, the answer's vocabulary facts and (version 2)
//                                the agent's reaction model
//   <Name>/weights.bin           the architecture and the float16 weights
// The library reads only the two .bin files (on Android the plugin copies only those next to the library), so
// everything it needs beyond the weights — the instructions' key lines and reactions, the prompt limit — is in
// tokenizer.bin, computed here by Flora itself (the same tokenizer, template reading and answer vocabulary as a
// run in JS). Pure: no `node:` imports (the web app builds the same folder as a .zip).
import { SYMBOL_BYTES } from '@greenhouse/agent-format';
import { checkAgentFile } from './agent.js';
import { FloraError } from './errors.js';
import { decodeBase64Part } from './base64.js';
import { crc32 } from './crc32.js';

/**
 * Version of tokenizer.bin and weights.bin this writes for a version-2 agent: tokenizer.bin then ends with the
 * agent's reactions.bin (the library reads versions 1 and 2, and refuses any other). A version-1 agent (no
 * reaction model) is written as version 1, byte for byte as before, so a library from before still runs it.
 */
export const NATIVE_FORMAT_VERSION = 2;

const utf8 = new TextEncoder();

/** A little-endian byte writer. */
class Writer {
  private bytes = new Uint8Array(1 << 16);
  private view = new DataView(this.bytes.buffer);
  length = 0;

  private room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }
  u8(v: number) {
    this.room(1);
    this.view.setUint8(this.length++, v);
  }
  u32(v: number) {
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  f64(v: number) {
    this.room(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }
  raw(b: Uint8Array) {
    this.room(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }
  /** u32 byte length, then the UTF-8 bytes. */
  text(s: string) {
    const b = utf8.encode(s);
    this.u32(b.length);
    this.raw(b);
  }
  /** The bytes so far followed by their CRC-32 (u32). */
  finish(): Uint8Array {
    this.u32(crc32(this.bytes.subarray(0, this.length)));
    return this.bytes.slice(0, this.length);
  }
}

/** Token flags in tokenizer.bin. */
const ADDED = 1;
const CONTROL = 2;
const BREAKS_LINE = 4;
const NUMBER = 8;

interface TokenizerJson {
  model: { vocab: Record<string, number>; merges: (string | [string, string])[] };
}

/** A folder name Unreal and every file system take: letters, digits and '_' (the plugin's FName). */
export function unrealFolderName(name: string): string {
  const clean = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return clean || 'Agent';
}

export interface UnrealFolder {
  /** The folder's name (the model name in the plugin). */
  name: string;
  /** Its files: path inside the folder's parent ('<Name>/…') → bytes. */
  files: Map<string, Uint8Array>;
}

/** The Unreal model folder of an agent file (text or bytes); FloraError when the file is not a valid agent. */
export async function exportUnreal(source: string | Uint8Array): Promise<UnrealFolder> {
  // Verified once, as loadAgent does, but without building the model: its weights are copied, not run.
  const { file, tokenizer, vocab, info } = await checkAgentFile(source);
  const arch = info.architecture;
  const name = unrealFolderName(info.name);
  // Checked against the instructions by checkAgentFile (readReactions): the library checks it again.
  const reactions = file.reactions;
  const version = reactions ? NATIVE_FORMAT_VERSION : 1;

  const tok = new Writer();
  tok.raw(utf8.encode('FLORATOK'));
  tok.u32(version);
  tok.u32(tokenizer.size);
  tok.u32(info.promptLimit);
  tok.u32(vocab.lineBreak);
  tokenizer.tokens.forEach((token, id) => {
    const added = tokenizer.isAddedId(id);
    tok.u8(
      (added ? ADDED : 0) |
        (vocab.control[id] ? CONTROL : 0) |
        (vocab.breaksLine[id] ? BREAKS_LINE : 0) |
        (vocab.numberText[id] !== null ? NUMBER : 0),
    );
    // A token's bytes: an added token's UTF-8 text, another's byte symbols as the bytes they stand for.
    const bytes = added ? utf8.encode(token) : Uint8Array.from(token, (c) => SYMBOL_BYTES.get(c)!);
    tok.u32(bytes.length);
    tok.raw(bytes);
  });
  const json = JSON.parse(file.tokenizerText) as TokenizerJson;
  const idOf = (s: string) => json.model.vocab[s];
  // Merges by rank as ids; a merge of symbols outside the vocabulary can never apply and is left out.
  const merges = json.model.merges
    .map((m) => (typeof m === 'string' ? (m.split(' ') as [string, string]) : m))
    .map(([l, r]) => [idOf(l), idOf(r), idOf(l + r)])
    .filter((m): m is [number, number, number] => m.every((id) => id !== undefined));
  tok.u32(merges.length);
  for (const m of merges) m.forEach((id) => tok.u32(id));
  tok.u32(info.instructions.length);
  for (const instruction of info.instructions) {
    tok.text(instruction.name);
    tok.u32(instruction.inputs.length);
    for (const line of instruction.inputs) tok.text(line.key);
    tok.text(instruction.response.key);
    tok.u32(instruction.reactionDetails.length);
    for (const r of instruction.reactionDetails) {
      tok.text(r.line);
      tok.u8(r.number ? 1 : 0);
      const ids = tokenizer.encode(r.line);
      tok.u32(ids.length);
      for (const id of ids) tok.u32(id);
    }
  }
  if (reactions) {
    // The reaction model as the agent file has it (its own layout, README "Reactions" of agent-format).
    tok.u32(reactions.length);
    tok.raw(reactions);
  }

  const weights = new Uint8Array(file.weights.byteLength);
  if (!('base64' in file.weights) || !decodeBase64Part(file.weights.base64, 0, weights))
    throw new FloraError('damaged', 'agent file: weights.bin is not valid base64');
  const w = new Writer();
  w.raw(utf8.encode('FLORAWTS'));
  w.u32(version); // the same layout in both versions: the folder's version
  for (const n of [arch.vocabSize, arch.contextLength, arch.dModel, arch.nLayers, arch.nHeads, arch.dFF])
    w.u32(n);
  w.u32(arch.tieEmbeddings ? 1 : 0);
  w.f64(arch.layerNormEpsilon);
  w.raw(weights);

  return {
    name,
    files: new Map([
      [`${name}/${name}_template.json`, utf8.encode(file.templateText)],
      [`${name}/tokenizer.bin`, tok.finish()],
      [`${name}/weights.bin`, w.finish()],
    ]),
  };
}
