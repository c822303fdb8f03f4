import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { loadAppTexts, loadFormTexts, loadTryTexts } from '../lib/i18n';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { accessOf, routeTable, type RoutePath } from './routing-rules';

/**
 * A component of a module loaded when it is first rendered (React.lazy takes default exports only), together
 * with the signed-in screens' texts. The nearest Suspense boundary shows the loader meanwhile: RootLayout's for
 * the signed-in shell, the shell's for a screen.
 */
function lazyExport<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadAppTexts()]);
    return { default: module[name] };
  });
}

// The signed-out screens and their layout are one chunk, with their texts (en-forms.ts): main.tsx starts loading
// it with the first bundle on any page but a public one (preloadGuestScreens), so the sign-in page waits for no
// extra round trip while the public share page never downloads it (issue 34). Everything behind sign-in is a chunk
// of its own per module, fetched when shown, so the sign-in page does not download markdown, charts, the
// playground or the admin panel.
const importGuestScreens = () =>
  Promise.all([import('./layouts/auth-layout'), import('./routes/auth-screens'), loadFormTexts()]).then(
    ([layout, screens]) => ({ ...layout, ...screens }),
  );
type GuestScreens = Awaited<ReturnType<typeof importGuestScreens>>;
let guestScreens: Promise<GuestScreens> | undefined;
function loadGuestScreens(): Promise<GuestScreens> {
  guestScreens ??= importGuestScreens();
  // A failed load (offline) is tried again when next asked for.
  guestScreens.catch(() => (guestScreens = undefined));
  return guestScreens;
}
const guestExport = (name: keyof GuestScreens) =>
  lazy(async () => ({ default: (await loadGuestScreens())[name] }));
const AuthLayout = guestExport('AuthLayout');
const SignInScreen = guestExport('SignInScreen');
const SignUpScreen = guestExport('SignUpScreen');
const ForgotPasswordScreen = guestExport('ForgotPasswordScreen');
const ResetPasswordScreen = guestExport('ResetPasswordScreen');
const EmailConfirmationScreen = guestExport('EmailConfirmationScreen');
const GoogleSsoScreen = guestExport('GoogleSsoScreen');

/**
 * Starts loading the signed-out screens unless the page is a public one: any other page may be, or may redirect
 * to, one of them (a visitor not signed in).
 */
export function preloadGuestScreens(pathname: string): void {
  if (accessOf(pathname) !== 'public') void loadGuestScreens().catch(() => undefined);
}

const AppLayout = lazyExport(() => import('./layouts/app-layout'), 'AppLayout');
const loadBloomScreens = () => import('./routes/bloom-screens');
const BloomScreen = lazyExport(loadBloomScreens, 'BloomScreen');
const NewBloomScreen = lazyExport(loadBloomScreens, 'NewBloomScreen');
const loadAdminScreens = () => import('./routes/admin-screens');
const AdminScreen = lazyExport(loadAdminScreens, 'AdminScreen');
const AdminUserScreen = lazyExport(loadAdminScreens, 'AdminUserScreen');
const loadChatScreens = () => import('./routes/chat-screens');
const ChatScreen = lazyExport(loadChatScreens, 'ChatScreen');
const NewChatScreen = lazyExport(loadChatScreens, 'NewChatScreen');
const loadProfileScreens = () => import('./routes/profile-screens');
const ProfileScreen = lazyExport(loadProfileScreens, 'ProfileScreen');
const SettingsScreen = lazyExport(loadProfileScreens, 'SettingsScreen');
const FloraPage = lazyExport(() => import('../features/flora/components/flora-page'), 'FloraPage');
// The public share page (issue 34) is kept light: its own chunk with its own texts (en-try.ts), never the signed-in
// screens' shell or texts — what it fetches before the agent file is held to a budget (scripts/bench-bundle.mjs).
const TryScreen = lazy(async () => {
  const [module] = await Promise.all([import('./routes/try-screen'), loadTryTexts()]);
  return { default: module.TryScreen };
});

/**
 * What each route of docs/product-rules.md §2 shows. Typed by the route table, so no route can be left out.
 */
const screens: Record<RoutePath, ReactElement> = {
  '/auth/sign-in': <SignInScreen />,
  '/auth/sign-up': <SignUpScreen />,
  '/auth/forgot-password': <ForgotPasswordScreen />,
  '/auth/password-reset': <ResetPasswordScreen />,
  '/auth/email-confirmation': <EmailConfirmationScreen />,
  '/auth/sso/google': <GoogleSsoScreen />,
  '/flora': <FloraPage />,
  // The same element for both, so switching tabs keeps the screen (and the focused tab) mounted.
  '/profile': <ProfileScreen />,
  '/profile/:tab': <ProfileScreen />,
  '/settings': <SettingsScreen />,
  '/admin': <AdminScreen />,
  '/admin/users/:userId': <AdminUserScreen />,
  '/chat/new': <NewChatScreen />,
  '/chat/:id': <ChatScreen />,
  '/chat': <Navigate to={paths.newChat} replace />,
  '/agent': <Navigate to={paths.newAgent} replace />,
  '/agent/new': <NewBloomScreen />,
  '/agent/:id': <BloomScreen />,
  // /blooms redirects to the new-agent screen rather than to the newest agent: that needs no extra
  // request (and no loading or empty-list state) and always lands somewhere useful, while the newest
  // agent is one click away in the sidebar's list.
  '/blooms': <Navigate to={paths.newAgent} replace />,
  '/try/:token': <TryScreen />,
};

/** The routes of one layout: the signed-out screens', the signed-in screens' (any signed-in access) or the public ones. */
const routesFor = (layout: 'guest' | 'signed-in' | 'public'): RouteObject[] =>
  routeTable
    .filter(({ access }) =>
      layout === 'signed-in' ? access === 'signed-in' || access === 'admin' : access === layout,
    )
    .map(({ path }) => ({ path, element: screens[path] }));

/** The whole route tree. */
const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { element: <AuthLayout />, children: routesFor('guest') },
      { element: <AppLayout />, children: routesFor('signed-in') },
      // Public pages draw their own frame: for a visitor neither the sign-in layout nor the signed-in shell.
      ...routesFor('public'),
      // '/' and unknown paths: RootLayout redirects them (routing rules) before this could render.
      { path: '*', element: null },
    ],
  },
];

/**
 * The app's screens for the address of the router around it (BrowserRouter in app.tsx, a MemoryRouter in tests).
 * A plain router rather than a data router (createBrowserRouter): the app loads no data through the router, and
 * the data router's code is some 17 KB (gzip) more on the first page.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
