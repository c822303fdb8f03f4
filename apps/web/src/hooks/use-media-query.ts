import { useCallback, useSyncExternalStore } from 'react';

/**
 * Width up to which the sidebar overlays the page and the avatar links straight to the profile
 * (docs/product-rules.md §9).
 */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';

/** Whether a CSS media query matches, kept up to date. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export const useIsNarrowScreen = (): boolean => useMediaQuery(NARROW_SCREEN_QUERY);
