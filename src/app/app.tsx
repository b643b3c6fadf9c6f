import { I18nProvider } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { i18n } from '../lib/i18n.ts';
import { useLanguageStore } from '../features/language/store.ts';
import { Toaster } from '../components/toast/toaster.tsx';
import { Navbar } from './layout/navbar.tsx';
import { Footer } from './layout/footer.tsx';
import { AppRoutes } from './routes.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import './layout/layout.css';

/** The shell: translations, navigation, the routed screen, toasts and the new-version prompt. */
export function App() {
  // Re-render the tree when the language changes (the key forces text to refresh everywhere).
  const locale = useLanguageStore((s) => s.locale);
  return (
    <I18nProvider i18n={i18n} key={locale}>
      <div className="app-shell">
        <a className="skip-link" href="#main">{t`Skip to content`}</a>
        <Navbar />
        <main id="main" className="app-main">
          <AppRoutes />
        </main>
        <Footer />
      </div>
      <Toaster />
      <UpdatePrompt />
    </I18nProvider>
  );
}
