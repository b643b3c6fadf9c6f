import { defineConfig } from '@lingui/cli';

// English source catalogs and Arabic (.po); the Vite plugin compiles them at build time.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/node_modules/**', 'src/lib/i18n.ts'] }],
});
