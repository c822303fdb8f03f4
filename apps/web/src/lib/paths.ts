/**
 * The URLs the app links to or redirects to. The full route table (docs/product-rules.md §2) is in
 * routing-rules.ts.
 */
export const paths = {
  root: '/',
  signIn: '/auth/sign-in',
  signUp: '/auth/sign-up',
  forgotPassword: '/auth/forgot-password',
  flora: '/flora',
  profile: '/profile',
  profileTab: (tab: string) => `/profile/${encodeURIComponent(tab)}`,
  settings: '/settings',
  admin: '/admin',
  adminUser: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  newChat: '/chat/new',
  newAgent: '/agent/new',
  chat: (id: string) => `/chat/${encodeURIComponent(id)}`,
  agent: (id: string) => `/agent/${encodeURIComponent(id)}`,
} as const;
