import clsx from 'clsx';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader/loader';
import { useCurrentUser } from '../../lib/session';
import { useIsNarrowScreen } from '../../hooks/use-media-query';
import { WideContentContext } from '../../hooks/use-wide-content';
import { localStore } from '../../lib/storage';
import { Sidebar } from './sidebar';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state';
import { TopBar } from './top-bar';
import './app-layout.css';

const SIDEBAR_ID = 'app-sidebar';

/**
 * The signed-in shell: sidebar, top bar and the scrolling main area. On wide screens the sidebar sits
 * beside the page and its open state is remembered; on narrow ones it overlays the page, starts closed
 * and closes after each navigation (its state there is not stored, so it cannot leak to wide screens).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const narrow = useIsNarrowScreen();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const [wideOpen, setWideOpen] = useState(() => readSidebarOpen(localStore()));
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [overlayPath, setOverlayPath] = useState(pathname);
  // Set by the screen shown (useWideContent), e.g. a chat's two panes.
  const [wideContent, setWideContent] = useState(false);

  // Navigation closes the overlay (state adjusted during render, React's pattern for derived resets).
  if (overlayPath !== pathname) {
    setOverlayPath(pathname);
    setOverlayOpen(false);
  }

  // The main area scrolls to the top on each route change.
  useEffect(() => {
    mainRef.current?.scrollTo?.(0, 0);
  }, [pathname]);

  const open = narrow ? overlayOpen : wideOpen;
  const toggle = () => {
    if (narrow) {
      setOverlayOpen(!overlayOpen);
    } else {
      writeSidebarOpen(localStore(), !wideOpen);
      setWideOpen(!wideOpen);
    }
  };
  const closeOverlay = useCallback(() => {
    setOverlayOpen(false);
    document.getElementById(`${SIDEBAR_ID}-toggle`)?.focus();
  }, []);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Sidebar id={SIDEBAR_ID} user={user} open={open} overlay={narrow} onClose={closeOverlay} />
      {narrow && open && <div className="app-shell__backdrop" aria-hidden="true" onClick={closeOverlay} />}
      <div className="app-shell__column">
        <TopBar
          user={user}
          narrow={narrow}
          sidebarId={SIDEBAR_ID}
          sidebarOpen={open}
          onToggleSidebar={toggle}
        />
        <main id="main" ref={mainRef} className="app-shell__main" tabIndex={-1}>
          <div className={clsx('app-shell__content', wideContent && 'app-shell__content--wide')}>
            <WideContentContext.Provider value={setWideContent}>
              {/* Each screen's code is loaded when first shown (router.tsx); the shell stays meanwhile. */}
              <Suspense
                fallback={
                  <div className="app-shell__loading">
                    <Loader size="medium" />
                  </div>
                }
              >
                <Outlet />
              </Suspense>
            </WideContentContext.Provider>
          </div>
        </main>
      </div>
    </div>
  );
}
