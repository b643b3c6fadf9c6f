// ESLint (flat config): typescript-eslint with type information over the web app, the worker, the server, the
// scripts and the tests; React hooks, jsx-a11y and the feature boundaries (import-x) on the web app. Formatting is
// Prettier's (npm run format).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The web app's feature folders (src/features/<name>/), read here so a new feature is fenced in without an edit.
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      '.test-data/',
      '.test-results/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'src/locales/',
      'server/drizzle/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        project: ['./tsconfig.json', './server/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // Fastify plugins and handlers are async by contract even when their body awaits nothing.
      '@typescript-eslint/require-await': 'off',
      // Rejecting with an AbortSignal's reason (any) is the standard abort pattern.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.tsx'],
    // Label texts sit inside <Trans> (Lingui) a few elements deep.
    rules: { 'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 5 }] },
  },
  {
    // Feature boundaries (bulletproof-react's docs/project-structure.md, issue 36 item 4): src/app composes
    // features; a feature imports the shared folders (src/lib, src/components, src/config) and itself, never
    // another feature nor src/app; the shared folders import no feature and not src/app. What two features need
    // moves down into a shared folder, a page joining features moves up into src/app. Imports carry their `.ts`/
    // `.tsx` extension, so import-x's own resolver (unrs-resolver) finds every relative import.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows only the files it parses: without these it skips every .ts/.tsx module (default .js).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature may not import another feature: move what both need to src/lib or src/components, or compose them in src/app.',
            })),
            { target: './src/features', from: './src/app', message: 'Features may not import src/app.' },
            {
              target: ['./src/lib', './src/components', './src/config'],
              from: ['./src/features', './src/app'],
              message: 'Shared code (src/lib, src/components, src/config) may not import a feature or src/app.',
            },
          ],
        },
      ],
      // src has no cycle at any depth (checked once without maxDepth); 10 bounds the walk. Packages are not followed.
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    // Tests and benchmark scripts read JSON bodies, CLI summaries and fixtures as untyped values; asserting on
    // them or printing them is what they do.
    files: ['tests/**/*.ts', 'tests/**/*.tsx', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
