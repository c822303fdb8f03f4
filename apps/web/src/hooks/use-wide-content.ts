import { createContext, useContext, useLayoutEffect } from 'react';

/** Given by the app shell's layout: widens (or narrows back) its content area. Outside the shell, nothing. */
export const WideContentContext = createContext<(wide: boolean) => void>(() => {});

/**
 * Asks the app shell for its wide content area while the calling screen is shown (a chat's two panes), so
 * no screen styles the shell's classes. Set in a layout effect: the screen is never painted narrow first.
 */
export function useWideContent(): void {
  const setWide = useContext(WideContentContext);
  useLayoutEffect(() => {
    setWide(true);
    return () => setWide(false);
  }, [setWide]);
}
