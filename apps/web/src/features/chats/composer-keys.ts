/** The parts of a keyboard event that decide whether it sends. */
interface KeyPress {
  key: string;
  shiftKey: boolean;
  nativeEvent?: { isComposing?: boolean };
}

/**
 * A touch screen is the main pointer: no hardware keyboard is assumed, so Enter starts a new line (an
 * on-screen keyboard has no Shift+Enter) and the Send button sends.
 */
export const TOUCH_QUERY = '(pointer: coarse)';
/** Where the "Enter sends, Shift+Enter…" hint is left out: a touch screen, or a phone's width. */
export const NO_KEYBOARD_HINT_QUERY = `${TOUCH_QUERY}, (max-width: 600px)`;

/**
 * Whether a key press in the message box sends the message: Enter does; Shift+Enter starts a new line, and
 * Enter while an input method is composing a character (Japanese, Chinese, …) confirms that character. On a
 * touch screen (`touch`) Enter never sends.
 */
export function isSendKey(event: KeyPress, touch = false): boolean {
  return !touch && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}
