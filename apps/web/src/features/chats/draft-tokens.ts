import { draftToProtocolFile, type BloomDraft } from '@greenhouse/mtp';

/**
 * The tokens the protocol built from the draft defines, without the special ones (`<BOS>`, `<EOS>`, …): the
 * line tokens and one final token per reaction. Read-only: they follow from the draft.
 */
export function draftTokens(draft: BloomDraft): string[] {
  const tokens = draftToProtocolFile(draft).tokens;
  if (typeof tokens !== 'object' || tokens === null) return [];
  return Object.keys(tokens).filter((key) => !(key.startsWith('<') && key.endsWith('>')));
}
