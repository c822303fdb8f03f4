// A .zip of files stored as they are (no compression: float16 weights hardly compress), names in UTF-8, every
// date 1980-01-01 so that the same files give the same bytes. Enough for the Unreal model folder the agent page
// offers; files and the archive under 4 GB (no ZIP64).
import { crc32 } from './crc32.js';

const utf8 = new TextEncoder();
const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const UTF8_NAMES = 0x0800;

export function storedZip(files: ReadonlyMap<string, Uint8Array>): Uint8Array<ArrayBuffer> {
  const entries = [...files].map(([name, data]) => ({ name: utf8.encode(name), data, crc: crc32(data) }));
  const size = entries.reduce((n, e) => n + 30 + e.name.length + e.data.length + 46 + e.name.length, 0) + 22;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v, true);
    at += 2;
  };
  const u32 = (v: number) => {
    view.setUint32(at, v, true);
    at += 4;
  };
  const bytes = (b: Uint8Array) => {
    out.set(b, at);
    at += b.length;
  };
  /** The fields local and central headers share: version needed … name length. */
  const common = (e: (typeof entries)[number]) => {
    for (const v of [20, UTF8_NAMES, 0, 0, DOS_DATE]) u16(v);
    u32(e.crc);
    u32(e.data.length);
    u32(e.data.length);
    u16(e.name.length);
  };
  const offsets: number[] = [];
  for (const e of entries) {
    offsets.push(at);
    u32(0x04034b50);
    common(e);
    u16(0);
    bytes(e.name);
    bytes(e.data);
  }
  const directory = at;
  entries.forEach((e, k) => {
    u32(0x02014b50);
    u16(20);
    common(e);
    for (const v of [0, 0, 0, 0]) u16(v); // extra, comment, disk, internal attributes
    u32(0);
    u32(offsets[k]!);
    bytes(e.name);
  });
  const directoryBytes = at - directory;
  u32(0x06054b50);
  for (const v of [0, 0, entries.length, entries.length]) u16(v);
  u32(directoryBytes);
  u32(directory);
  u16(0);
  return out;
}
