import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// English source catalogs and Arabic (.po); the Vite plugin compiles them at build time. Origins are kept without
// line numbers, so a change elsewhere in a file does not rewrite the catalogs.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**', 'src/lib/i18n.ts'],
    },
  ],
});
