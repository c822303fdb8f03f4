// A model's weights as float16 bytes: paramLayout order, no padding, little-endian — weights.bin of the agent
// file and the base model's weights (the same packing both ways).
import { paramLayout, type GptConfig } from '../model/config.js';
import { fromFloat16, toFloat16 } from './float16.js';

/** The flat parameter buffer (paramLayout order, with its padding) as float16 bytes. */
export function packFloat16(config: GptConfig, params: Float32Array): Uint8Array {
  const layout = paramLayout(config);
  if (params.length !== layout.total)
    throw new Error(`weights have ${params.length} floats, the model ${layout.total}`);
  const bytes = new Uint8Array(2 * layout.count);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const s of layout.specs)
    for (let i = 0; i < s.size; i++, at += 2) view.setUint16(at, toFloat16(params[s.offset + i]!), true);
  return bytes;
}

/** float16 bytes back into a flat parameter buffer (padding zero). */
export function unpackFloat16(config: GptConfig, bytes: Uint8Array): Float32Array {
  const layout = paramLayout(config);
  if (bytes.length !== 2 * layout.count)
    throw new Error(`weights have ${bytes.length} bytes, the model ${2 * layout.count}`);
  const params = new Float32Array(layout.total);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (const s of layout.specs)
    for (let i = 0; i < s.size; i++, at += 2) params[s.offset + i] = fromFloat16(view.getUint16(at, true));
  return params;
}
