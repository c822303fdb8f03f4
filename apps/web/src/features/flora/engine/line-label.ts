/**
 * An input line's tokens as the playground names them: its key pattern's parts without the underscores that
 * join them, a number slot as "#" ("Tree_English_Alice_Talk_Emotion_<num_…>" → "Tree · English · Alice ·
 * Talk · Emotion · #"). The agent file keeps only the keys of input tokens, not their names; a protocol's
 * keys are their names followed by "_" unless they are encrypted.
 */
export function lineLabel(key: string): string {
  return key
    .replace(/<num_[^>]*>/g, '_#_')
    .split('_')
    .filter(Boolean)
    .join(' · ');
}
