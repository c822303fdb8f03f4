/** The parts of a keyboard event that decide whether it sends. */
interface KeyPress {
  key: string;
  shiftKey: boolean;
  nativeEvent?: { isComposing?: boolean };
}

/**
 * Whether a key press in the message box sends the message: Enter does; Shift+Enter starts a new line, and
 * Enter while an input method is composing a character (Japanese, Chinese, …) confirms that character.
 */
export function isSendKey(event: KeyPress): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}
