// The per-line layout of a sample's `numbers` and `number_lists`.
//
// The official library writes them per line — `numbers[line]` lists the numbers of that line's NumTokens,
// `number_lists[line]` one list per NumListToken of that line — e.g. for the rows
// [Tree_ English_ Cat_ Talk_ Coordinates_] [Tree_ English_ Alice_ Talk_ Emotion_] [Tree_ English_ Cat_ Talk_]:
//   "numbers": [[], [5], []], "number_lists": [[[100, 200, -50]], [], []]
// The schemas also allow a bare integer or flatter lists (anyOf), which the library never writes and whose
// meaning across lines is ambiguous (is [[], [], []] three empty lines or three empty lists?). We accept the
// per-line layout and, as "no numbers at all", an empty list []; anything else is a problem
// (`mtp.numbersPerLine`, `mtp.numberListsPerLine`).
import type { RawSample } from './schema/protocol-schemas.js';

/** `numbers` per line, or null when it is not laid out per line. */
export function numbersByLine(raw: RawSample['numbers'], lines: number): number[][] | null {
  if (!Array.isArray(raw)) return null;
  if (raw.length === 0) return Array.from({ length: lines }, () => []);
  if (raw.length === lines && raw.every((line) => Array.isArray(line))) return raw as number[][];
  return null;
}

/** `number_lists` per line, or null when it is not laid out per line. */
export function numberListsByLine(raw: RawSample['number_lists'], lines: number): number[][][] | null {
  if (!Array.isArray(raw)) return null;
  if (raw.length === 0) return Array.from({ length: lines }, () => []);
  if (
    raw.length === lines &&
    raw.every((line) => Array.isArray(line) && line.every((l) => Array.isArray(l)))
  ) {
    return raw as number[][][];
  }
  return null;
}
