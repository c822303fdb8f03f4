import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';

// Code the browser bundle must never pull in: the server, the database layer
// and Node-only libraries. Enforced here so a slip fails `npm run lint`.
const serverOnly = [
  '@greenhouse/server',
  '@greenhouse/server/*',
  '@greenhouse/db',
  '@greenhouse/db/*',
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'node:*',
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/db/migrations/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serverOnly, message: 'The web app must not import server, database or Node-only code.' },
            {
              group: ['**/apps/server/**', '**/packages/db/**'],
              message: 'The web app must not import server or database code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared with the browser (the web app, and Flora in a Web Worker): no server or Node-only code.
    files: ['packages/contracts/src/**/*.ts', 'packages/mtp/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message: 'This package is shared with the browser: keep it free of server and Node-only code.',
            },
          ],
        },
      ],
    },
  },
);
