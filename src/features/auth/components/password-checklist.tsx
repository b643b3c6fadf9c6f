import { useLingui } from '@lingui/react/macro';
import { passwordChecklist } from '../schemas.ts';

/** Live checklist of the password rules (spec section 5); each rule ticks as soon as it holds. */
export function PasswordChecklist({ password }: { password: string }) {
  const { i18n } = useLingui();
  return (
    <ul className="password-checklist" aria-live="polite">
      {passwordChecklist(password).map(({ id, message, ok }) => {
        return (
          <li key={id} className={ok ? 'ok' : ''} data-ok={ok}>
            <span className="check-icon" aria-hidden="true">
              {ok ? '✓' : '○'}
            </span>
            {i18n._(message)}
          </li>
        );
      })}
    </ul>
  );
}
