import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { useSessionStore } from '../store.ts';
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
      toast({ title: t`Failed to sign in`, description: (error as Error).message || t`Login failed`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t`Sign In`}>
      <div className="field">
        <label className="label" htmlFor="signin-email"><Trans>Email</Trans></label>
        <input id="signin-email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={submitted && !!errors.email} placeholder="you@example.com" />
        {submitted && errors.email ? <p className="field-error">{i18n._(errors.email)}</p> : null}
      </div>
      <div className="field">
        <label className="label" htmlFor="signin-password"><Trans>Password</Trans></label>
        <PasswordInput id="signin-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={submitted && !!errors.password} />
        {submitted && errors.password ? <p className="field-error">{i18n._(errors.password)}</p> : null}
      </div>
      <div className="auth-row-end">
        <Link href="/auth/forgot-password"><Trans>Forgot password?</Trans></Link>
      </div>
      <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block">
        <Trans>Sign In</Trans>
      </BusyButton>
      <div className="auth-divider"><Trans>or</Trans></div>
      <GoogleButton />
    </form>
  );
}
