import { useEffect, useState, type MouseEvent } from 'react';
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoFromBody } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { GOOGLE_SIGN_IN_PATH } from '../api/auth.api.ts';

/** Whether this server offers Google sign-in (GET /v1/auth/providers), asked once per visit; false when unknown. */
let googleOffered: Promise<boolean> | null = null;
function askGoogleOffered(): Promise<boolean> {
  googleOffered ??= callApi(ENDPOINTS.authProviders).then(
    (answer) => answer.google,
    () => {
      googleOffered = null; // asked again next time
      return false;
    },
  );
  return googleOffered;
}

/**
 * 'or' and 'Continue with Google', only when the server has Google sign-in configured (issue 22 item 11): a full
 * browser navigation to the provider path (spec section 2). The path is asked first without following the
 * redirect so that a provider that is down (503) gives a toast, not a raw JSON page.
 */
export function GoogleButton() {
  const { t, i18n } = useLingui();
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    void askGoogleOffered().then((yes) => live && setOffered(yes));
    return () => {
      live = false;
    };
  }, []);
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    try {
      const probe = await fetch(GOOGLE_SIGN_IN_PATH, { redirect: 'manual' });
      if (probe.type === 'opaqueredirect' || probe.ok) {
        location.assign(GOOGLE_SIGN_IN_PATH);
        return;
      }
      const body: unknown = await probe.json().catch(() => undefined);
      toast({
        title: t`Google sign-in is not available`,
        description: describeError(errorInfoFromBody(probe.status, body), i18n, t`An unexpected error occurred`),
        variant: 'destructive',
      });
    } catch {
      toast({
        title: t`Google sign-in is not available`,
        description: t`The server could not be reached. Check your connection.`,
        variant: 'destructive',
      });
    }
  };
  if (!offered) return null;
  return (
    <>
      <div className="auth-divider">
        <Trans>or</Trans>
      </div>
      <a className="btn btn-outline btn-block" href={GOOGLE_SIGN_IN_PATH} onClick={(e) => void onClick(e)}>
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
          />
        </svg>
        <Trans>Continue with Google</Trans>
      </a>
    </>
  );
}
