import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { rememberPendingSignIn, resendOtp, VERIFY_EMAIL_KEY } from '../api/auth.api.ts';
import { SignInSchema, fieldErrors } from '../schemas.ts';
import { PasswordInput } from './password-input.tsx';
import { GoogleButton } from './google-button.tsx';

export function SignInForm() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const signIn = useSessionStore((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(SignInSchema, { email, password });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      navigate('/studio');
    } catch (error) {
      const info = errorInfoOf(error);
      if (info.code === 'EMAIL_NOT_VERIFIED') {
        // Not a dead end: a fresh code goes out and the user enters it; the studio follows without signing in again.
        const address = email.trim();
        rememberPendingSignIn(address, password);
        sessionStorage.setItem(VERIFY_EMAIL_KEY, address);
        const sent = await resendOtp(address).then(
          () => true,
          () => false,
        );
        navigate('/auth/verify', { state: { email: address, resent: sent } });
        return;
      }
      toast({
        title: t`Failed to sign in`,
        description: describeError(info, i18n, t`Login failed`),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t`Sign In`}>
      <div className="field">
        <label className="label" htmlFor="signin-email">
          <Trans>Email</Trans>
        </label>
        <input
          id="signin-email"
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={submitted && !!errors.email}
          placeholder="you@example.com"
        />
        {submitted && errors.email ? <p className="field-error">{i18n._(errors.email)}</p> : null}
      </div>
      <div className="field">
        <label className="label" htmlFor="signin-password">
          <Trans>Password</Trans>
        </label>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={submitted && !!errors.password}
        />
        {submitted && errors.password ? <p className="field-error">{i18n._(errors.password)}</p> : null}
      </div>
      <div className="auth-row-end">
        <Link href="/auth/forgot-password">
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
      <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block">
        <Trans>Sign In</Trans>
      </BusyButton>
      <GoogleButton />
    </form>
  );
}
