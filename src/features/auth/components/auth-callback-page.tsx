import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { Spinner } from '../../../components/spinner.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';

/** /auth/callback?token=...: completes Google sign-in, then /studio replacing history (spec section 2). */
export function AuthCallbackPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const signInWithToken = useSessionStore((s) => s.signInWithToken);
  useEffect(() => {
    if (!token) {
      console.error('Google sign-in returned without a token');
      navigate('/auth', { replace: true });
      return;
    }
    void signInWithToken(token).then((ok) => navigate(ok ? '/studio' : '/auth', { replace: true }));
  }, [token, navigate, signInWithToken]);
  return (
    <div className="center-screen">
      <div className="stack" style={{ alignItems: 'center' }}>
        <Spinner size="lg" />
        <p>
          <Trans>Authenticating with Google...</Trans>
        </p>
      </div>
    </div>
  );
}
