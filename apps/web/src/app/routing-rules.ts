import type { RoleName } from '@greenhouse/contracts';
import { matchPath } from 'react-router';
// With its extension: the browser tests (e2e/accessibility.test.ts) import the route table under Node's resolution.
import { paths } from '../lib/paths.js';

/** Who may open a route: signed-out users only, any signed-in user, admins, or anyone (signed in or not). */
export type RouteAccess = 'guest' | 'signed-in' | 'admin' | 'public';

/** The route table of docs/product-rules.md §2. The router registers exactly these paths (see router.tsx). */
export const routeTable = [
  { path: '/auth/sign-in', access: 'guest' },
  { path: '/auth/sign-up', access: 'guest' },
  { path: '/auth/forgot-password', access: 'guest' },
  { path: '/auth/password-reset', access: 'guest' },
  { path: '/auth/email-confirmation', access: 'guest' },
  { path: '/auth/sso/google', access: 'guest' },
  { path: '/flora', access: 'signed-in' },
  { path: '/profile', access: 'signed-in' },
  { path: '/profile/:tab', access: 'signed-in' },
  { path: '/settings', access: 'signed-in' },
  { path: '/admin', access: 'admin' },
  { path: '/admin/users/:userId', access: 'admin' },
  { path: '/chat/new', access: 'signed-in' },
  { path: '/chat/:id', access: 'signed-in' },
  { path: '/chat', access: 'signed-in' },
  { path: '/agent', access: 'signed-in' },
  { path: '/agent/new', access: 'signed-in' },
  { path: '/agent/:id', access: 'signed-in' },
  { path: '/blooms', access: 'signed-in' },
  // A shared agent (issue 34): anyone with the link, signed in or not.
  { path: '/try/:token', access: 'public' },
] as const satisfies readonly { path: string; access: RouteAccess }[];

export type RoutePath = (typeof routeTable)[number]['path'];

/** What the rules need to know about the session: the signed-in user, or null. */
export type SessionUser = { role: { name: RoleName } } | null;

export type RouteDecision = { type: 'allow' } | { type: 'redirect'; to: string };

const allow: RouteDecision = { type: 'allow' };
const redirect = (to: string): RouteDecision => ({ type: 'redirect', to });

/** Where a user lands when the path asks for nothing in particular (docs/product-rules.md §2). */
export const homeFor = (user: SessionUser): string => (user ? paths.newChat : paths.signIn);

export function accessOf(pathname: string): RouteAccess | null {
  const route = routeTable.find(({ path }) => matchPath({ path, end: true }, pathname) !== null);
  return route?.access ?? null;
}

/**
 * The routing rules of docs/product-rules.md §2, as a pure function of the path and the session:
 * - root and unknown paths (unknown /auth/... ones included): new chat when signed in, else sign-in;
 * - signed-out user on a protected route: sign-in;
 * - signed-in user on an auth route: new chat;
 * - non-admin on an admin route: new chat;
 * - a public route (a share link's page): shown to everyone.
 */
export function resolveRoute(pathname: string, user: SessionUser): RouteDecision {
  const access = accessOf(pathname);
  if (access === null) return redirect(homeFor(user));
  if (access === 'public') return allow;
  if (access === 'guest') return user ? redirect(paths.newChat) : allow;
  if (!user) return redirect(paths.signIn);
  if (access === 'admin' && user.role.name !== 'admin') return redirect(paths.newChat);
  return allow;
}
