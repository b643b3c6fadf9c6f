// ESLint (flat config): typescript-eslint with type information over the web app, the worker, the server, the
// scripts and the tests; React hooks and jsx-a11y on the web app. Formatting is Prettier's (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
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
