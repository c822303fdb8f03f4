import { describe, expect, it } from 'vitest';
import { accessOf, resolveRoute, routeTable, type SessionUser } from './routing-rules';

const signedOut: SessionUser = null;
const user: SessionUser = { role: { name: 'user' } };
const admin: SessionUser = { role: { name: 'admin' } };

const allow = { type: 'allow' };
const to = (path: string) => ({ type: 'redirect', to: path });

const authPaths = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/forgot-password',
  '/auth/password-reset',
  '/auth/email-confirmation',
  '/auth/sso/google',
];
const protectedPaths = [
  '/flora',
  '/profile',
  '/profile/security',
  '/settings',
  '/chat/new',
  '/chat/abc-123',
  '/chat',
  '/agent',
  '/agent/new',
  '/agent/b-42',
  '/blooms',
];
const adminPaths = ['/admin', '/admin/users/u-7'];

describe('route table', () => {
  it('holds every route of spec §2', () => {
    expect(routeTable.map((route) => route.path).sort()).toEqual(
      [
        '/auth/sign-in',
        '/auth/sign-up',
        '/auth/forgot-password',
        '/auth/password-reset',
        '/auth/email-confirmation',
        '/auth/sso/google',
        '/flora',
        '/profile',
        '/profile/:tab',
        '/settings',
        '/admin',
        '/admin/users/:userId',
        '/chat/new',
        '/chat/:id',
        '/chat',
        '/agent',
        '/agent/new',
        '/agent/:id',
        '/blooms',
        // Issue 34: a share link's page.
        '/try/:token',
      ].sort(),
    );
  });

  it('classifies paths', () => {
    expect(accessOf('/auth/sign-in')).toBe('guest');
    expect(accessOf('/chat/xyz')).toBe('signed-in');
    expect(accessOf('/admin/users/1')).toBe('admin');
    expect(accessOf('/try/AbC-12_x')).toBe('public');
    expect(accessOf('/try')).toBeNull();
    expect(accessOf('/nowhere')).toBeNull();
    expect(accessOf('/profile/a/b')).toBeNull();
  });
});

describe('resolveRoute', () => {
  it.each([
    ['signed out', signedOut],
    ['a user', user],
    ['an admin', admin],
  ])('shows a share link’s page to anyone: %s', (_who, session) => {
    expect(resolveRoute('/try/AbC-12_x', session)).toEqual(allow);
  });

  it.each(protectedPaths)('sends a signed-out user on %s to sign-in', (path) => {
    expect(resolveRoute(path, signedOut)).toEqual(to('/auth/sign-in'));
  });

  it.each(adminPaths)('sends a signed-out user on admin route %s to sign-in', (path) => {
    expect(resolveRoute(path, signedOut)).toEqual(to('/auth/sign-in'));
  });

  it.each(protectedPaths)('lets a signed-in user open %s', (path) => {
    expect(resolveRoute(path, user)).toEqual(allow);
  });

  it.each(authPaths)('lets a signed-out user open %s', (path) => {
    expect(resolveRoute(path, signedOut)).toEqual(allow);
  });

  it.each(authPaths)('sends a signed-in user on auth route %s to new chat', (path) => {
    expect(resolveRoute(path, user)).toEqual(to('/chat/new'));
    expect(resolveRoute(path, admin)).toEqual(to('/chat/new'));
  });

  it.each(adminPaths)('sends a non-admin on %s to new chat', (path) => {
    expect(resolveRoute(path, user)).toEqual(to('/chat/new'));
  });

  it.each(adminPaths)('lets an admin open %s', (path) => {
    expect(resolveRoute(path, admin)).toEqual(allow);
  });

  it('sends the root to new chat when signed in, otherwise to sign-in', () => {
    expect(resolveRoute('/', user)).toEqual(to('/chat/new'));
    expect(resolveRoute('/', admin)).toEqual(to('/chat/new'));
    expect(resolveRoute('/', signedOut)).toEqual(to('/auth/sign-in'));
  });

  it.each(['/nope', '/chats', '/profile/a/b', '/admin/users', '/agent/1/extra'])(
    'treats unknown path %s like the root',
    (path) => {
      expect(resolveRoute(path, user)).toEqual(to('/chat/new'));
      expect(resolveRoute(path, signedOut)).toEqual(to('/auth/sign-in'));
    },
  );

  it.each(['/auth', '/auth/whatever', '/auth/sso', '/auth/sign-in/extra'])(
    'sends unknown auth path %s to sign-in (and on to new chat when signed in)',
    (path) => {
      expect(resolveRoute(path, signedOut)).toEqual(to('/auth/sign-in'));
      expect(resolveRoute(path, user)).toEqual(to('/chat/new'));
    },
  );

  it('accepts a trailing slash on a known route', () => {
    expect(resolveRoute('/flora/', user)).toEqual(allow);
  });
});
