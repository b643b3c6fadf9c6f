import { useLingui } from '@lingui/react/macro';
import { useLanguageStore } from '../../features/language/store.ts';
import { Icon } from '../../components/icon.tsx';

/**
 * Toggles en <-> ar; the label is the language it switches to, written in that language, and it is the button's
 * accessible name too (what is seen is what is heard; "Change language" is the tooltip).
 */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const locale = useLanguageStore((s) => s.locale);
  const toggle = useLanguageStore((s) => s.toggle);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm lang-switch"
      onClick={() => void toggle()}
      title={t`Change language`}
      data-testid="language-switcher"
    >
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" />
      </Icon>
      <span lang={locale === 'en' ? 'ar' : 'en'}>{locale === 'en' ? 'العربية' : 'English'}</span>
    </button>
  );
}
