import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets document.title to "<title> · Greenhouse" while the calling screen is shown. In the commit that shows the
 * screen (a layout effect), so the title never lags its screen: a passive effect may run a frame later, and a
 * test (or a screen reader's announcement) that sees the screen could still read the previous title.
 */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
