import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
} from 'react-router';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';

/** What tests ask of the app's router: where it is, how it got there, and a way to go elsewhere. */
export interface AppRouterHandle {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: string) => Promise<void>;
}

interface Seen {
  location: Location;
  historyAction: NavigationType;
  navigate: NavigateFunction;
}

/**
 * Reports the router's state in each commit of the app: in a layout effect, so a test that has just seen the DOM
 * of a navigation (findBy… wakes on the DOM's change) reads its location too — a passive effect may run later,
 * as a loaded CI machine showed (the sign-in screen shown while the location still said /chat/new).
 */
function RouterProbe({ report }: { report: (seen: Seen) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report({ location, historyAction, navigate });
  });
  return null;
}

/**
 * Mounts the whole app at `path` in a memory router, wrapped by `wrap` (StrictMode, as main.tsx, or nothing),
 * and returns a handle on its router.
 */
export function renderMemoryApp(path: string, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  let seen: Seen | undefined;
  const current = () => {
    if (!seen) throw new Error('The app has not rendered yet.');
    return seen;
  };
  render(
    wrap(
      <AppProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <RouterProbe
            report={(next) => {
              seen = next;
            }}
          />
        </MemoryRouter>
      </AppProvider>,
    ),
  );
  const handle: AppRouterHandle = {
    state: {
      get location() {
        return current().location;
      },
      get historyAction() {
        return current().historyAction;
      },
    },
    navigate: async (to) => {
      await current().navigate(to);
    },
  };
  return handle;
}
