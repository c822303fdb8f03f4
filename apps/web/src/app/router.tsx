import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { paths } from '../lib/paths';
import { FloraPage } from '../features/flora/components/flora-page';
import { RootLayout } from './root-layout';
import { AgentScreen, NewAgentScreen } from './routes/agent-screens';
import { AdminScreen, AdminUserScreen } from './routes/admin-screens';
import { ChatScreen, NewChatScreen } from './routes/chat-screens';
import {
  EmailConfirmationScreen,
  ForgotPasswordScreen,
  GoogleSsoScreen,
  ResetPasswordScreen,
  SignInScreen,
  SignUpScreen,
} from './routes/auth-screens';
import { ProfileScreen, SettingsScreen } from './routes/profile-screens';
import { routeTable, type RoutePath } from './routing-rules';

/** What each route of spec §2 shows. Typed by the route table, so no route can be left out. */
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
  '/agent/new': <NewAgentScreen />,
  '/agent/:id': <AgentScreen />,
  // /blooms redirects to the new-agent screen rather than to the newest agent: that needs no extra
  // request (and no loading or empty-list state) and always lands somewhere useful, while the newest
  // agent is one click away in the sidebar's list.
  '/blooms': <Navigate to={paths.newAgent} replace />,
};

const routesFor = (guest: boolean): RouteObject[] =>
  routeTable
    .filter((route) => (route.access === 'guest') === guest)
    .map(({ path }) => ({ path, element: screens[path] }));

/** The whole route tree; exported for tests, which mount it in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { element: <AuthLayout />, children: routesFor(true) },
      { element: <AppLayout />, children: routesFor(false) },
      // '/' and unknown paths: RootLayout redirects them (routing rules) before this could render.
      { path: '*', element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
