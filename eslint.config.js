import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import { readdirSync } from 'node:fs';

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

// The web app's layers (bulletproof-react's "unidirectional architecture"): app/ composes features;
// a feature imports only itself and the shared layers (lib/, components/, hooks/, locales/, assets/);
// the shared layers import no feature and not app/. An import is matched after its leading ./ and ../
// (or the '@/' alias), so '../../blooms/x', '../blooms' and '../../../features/blooms/x' all count.
const webRoot = 'apps/web/src';
/** Every folder of features/: a new feature is bound from the start. */
const foldersOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersOf(`./${webRoot}/features/`);
const webServerPatterns = [
  { group: serverOnly, message: 'The web app must not import server, database or Node-only code.' },
  {
    group: ['**/apps/server/**', '**/packages/db/**'],
    message: 'The web app must not import server or database code.',
  },
];
const relativeTo = (folders) => `^(@/|(\\.{1,2}/)+)(${folders.join('|')})(/|$)`;
const webBoundaryMessages = {
  feature:
    'A feature must not import another feature: move what they share to lib/ or components/, or pass it in from app/.',
  app: 'Only app/ imports app/: move what is needed (paths and the like) to lib/.',
  shared: 'lib/, components/, hooks/ and locales/ are shared: they must not import a feature or app/.',
};
const webRestrictedImports = (extraPatterns) => [
  'error',
  { patterns: [...webServerPatterns, ...extraPatterns] },
];
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    files: [`${webRoot}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webRestrictedImports([
        {
          regex: relativeTo([
            ...webFeatures.filter((other) => other !== feature),
            ...webFeatures.filter((other) => other !== feature).map((other) => `features/${other}`),
          ]),
          message: webBoundaryMessages.feature,
        },
        { regex: relativeTo(['app']), message: webBoundaryMessages.app },
      ]),
    },
  })),
  {
    files: [`${webRoot}/{lib,components,hooks,locales}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webRestrictedImports([
        { regex: relativeTo(['features', 'app']), message: webBoundaryMessages.shared },
      ]),
    },
  },
];

// The server's features and which other features each may import (issue 36): a feature imports itself, the
// ones listed, and the layers below the features (lib/, infra/, config.ts); lib/, infra/ and plugins/ import no
// feature. A new edge is a decision made here, in one place; apps/server/src/import-boundaries.test.ts keeps the
// table complete (every folder of features/) and without a cycle, and shows the rule failing.
export const serverFeatureDependencies = {
  users: [],
  audit: [],
  flora: [],
  scenarios: [],
  health: [],
  'runtime-config': [],
  'api-tokens': [],
  auth: ['users'],
  pipeline: ['flora', 'scenarios'],
  blooms: ['pipeline', 'scenarios'],
  shares: ['blooms'],
  payments: ['blooms', 'pipeline'],
  chats: ['blooms', 'users'],
  account: ['audit', 'auth', 'blooms', 'chats', 'pipeline', 'users'],
  admin: ['account', 'audit', 'auth', 'blooms', 'chats', 'pipeline', 'users'],
};
const serverRoot = 'apps/server/src';
const serverFeatures = foldersOf(`./${serverRoot}/features/`);
const serverBoundaryMessages = {
  feature:
    'This feature may not import that one (eslint.config.js, serverFeatureDependencies): ask a feature it may use, move what they share below the features, or add the edge to the table if it is the right direction.',
  lower: 'lib/, infra/ and plugins/ sit below the features: they must not import one.',
};
const serverBoundaries = [
  ...serverFeatures.map((feature) => {
    const allowed = serverFeatureDependencies[feature] ?? [];
    const forbidden = serverFeatures.filter((other) => other !== feature && !allowed.includes(other));
    return {
      files: [`${serverRoot}/features/${feature}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: forbidden.length
              ? [
                  {
                    regex: relativeTo([...forbidden, ...forbidden.map((other) => `features/${other}`)]),
                    message: serverBoundaryMessages.feature,
                  },
                ]
              : [],
          },
        ],
      },
    };
  }),
  {
    files: [`${serverRoot}/{lib,infra,plugins}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: relativeTo(['features']), message: serverBoundaryMessages.lower }] },
      ],
    },
  },
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
      'no-restricted-imports': webRestrictedImports([]),
    },
  },
  // Later blocks replace the rule's options for their folders, so each repeats the server patterns.
  ...webBoundaries,
  ...serverBoundaries,
  {
    // Shared with the browser (the web app, and Flora in a Web Worker): no server or Node-only code.
    files: [
      'packages/contracts/src/**/*.ts',
      'packages/mtp/src/**/*.ts',
      'packages/agent-format/src/**/*.ts',
    ],
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
