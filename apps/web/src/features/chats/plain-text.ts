/**
 * The words of a markdown answer without its markup, for a screen reader's announcement: links become their
 * text, emphasis, code and heading marks go, list bullets and quote marks go, lines join with spaces.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(^|[\s(])(\*\*|__|\*|_|~~|`+)(?=\S)([\s\S]*?\S)\2(?=$|[\s.,;:!?)])/g, '$1$3')
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
