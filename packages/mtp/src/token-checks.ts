// The semantic checks of the token table (semantic-checks.ts): keys the model's lines can carry, unique keys,
// number ranges and list lengths.
import { listLength } from './normalize.js';
import { problem, type JsonPath } from './problems.js';
import type { TokenKind } from './protocol.js';
import type { CheckResult } from './check-result.js';
import type { RawProtocolFile } from './schema/protocol-schemas.js';

// Token keys are written into the model's lines, right before number slots and the `<UNK>_` mark, so
// they keep to the official rule (letters, digits, underscore, emoji): no spaces, line breaks or '<'.
// Special tokens (<BOS>, …) are the exception by design.
// Emoji sequences also join with ZWJ (U+200D), VS16 (U+FE0F), the keycap mark (U+20E3) and tag characters.
const TOKEN_KEY_RE =
  /^(?:[\p{L}\p{N}_\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200D|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}])+$/u;
/** Problems of the token table: invalid or duplicate keys, missing or inverted ranges, list lengths. */
export function checkTokens(file: RawProtocolFile, out: CheckResult) {
  const byKey = new Map<string, string[]>();
  for (const [value, info] of Object.entries(file.tokens)) {
    const at: JsonPath = ['tokens', value];
    const kind = info.type as TokenKind;
    if (kind !== 'SpecialToken' && kind !== 'SpecialFinalToken' && !TOKEN_KEY_RE.test(info.key)) {
      out.problems.push(problem([...at, 'key'], 'mtp.tokenKeyInvalid', { token: value, key: info.key }));
    }
    byKey.set(info.key, [...(byKey.get(info.key) ?? []), value]);

    if (kind === 'NumToken' || kind === 'NumListToken' || kind === 'FinalNumToken') {
      const min = info.min_value;
      const max = info.max_value;
      if (typeof min !== 'number' || typeof max !== 'number') {
        out.problems.push(problem(at, 'mtp.numRangeMissing', { token: value, kind }));
      } else if (min > max) {
        out.problems.push(problem([...at, 'min_value'], 'mtp.numRangeInverted', { token: value, min, max }));
      }
    }
    if (kind === 'NumListToken') {
      const length = listLength(info);
      if (length === null || length < 1) {
        out.problems.push(problem(at, 'mtp.numListLengthMissing', { token: value }));
      } else if (typeof info.length === 'number' && info.num_list > 0 && info.num_list !== info.length) {
        out.problems.push(
          problem([...at, 'num_list'], 'mtp.numListLengthConflict', {
            token: value,
            length: info.length,
            numList: info.num_list,
          }),
        );
      }
    }
  }
  for (const [key, values] of byKey) {
    if (values.length > 1) {
      out.problems.push(
        problem(['tokens', values[1]!, 'key'], 'mtp.duplicateTokenKey', { key, tokens: values }),
      );
    }
  }
}
