/** The text without control characters (line breaks, NUL, DEL…): safe in a header or a log line. */
export function withoutControlCharacters(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f').join('');
}
