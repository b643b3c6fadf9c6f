import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { rememberPendingSignIn, signup, VERIFY_EMAIL_KEY } from '../api/auth.api.ts';
import { SignUpSchema, fieldErrors } from '../schemas.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { GoogleButton } from './google-button.tsx';

export function SignUpForm() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ full_name: '', email: '', password: '', confirm_password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(SignUpSchema, form);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const show = (key: string) =>
    (submitted || (key === 'confirm_password' && form.confirm_password !== '')) && errors[key];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const email = form.email.trim();
      await signup({ email, password: form.password, full_name: form.full_name.trim() });
      sessionStorage.setItem(VERIFY_EMAIL_KEY, email);
      rememberPendingSignIn(email, form.password);
      toast({
        title: t`Account Created!`,
        description: t`Please check your email for a verification code.`,
        variant: 'success',
      });
      navigate('/auth/verify', { state: { email } });
    } catch (error) {
      toast({
        title: t`Failed to create account`,
        description: describeError(errorInfoOf(error), i18n, t`Sign Up failed`),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t`Sign Up`}>
      <div className="field">
        <label className="label" htmlFor="signup-name">
          <Trans>Full Name</Trans>
        </label>
        <input
          id="signup-name"
          className="input"
          autoComplete="name"
          value={form.full_name}
          onChange={set('full_name')}
          aria-invalid={!!show('full_name')}
        />
        {show('full_name') ? <p className="field-error">{i18n._(errors.full_name)}</p> : null}
      </div>
      <div className="field">
        <label className="label" htmlFor="signup-email">
          <Trans>Email</Trans>
        </label>
        <input
          id="signup-email"
          className="input"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          aria-invalid={!!show('email')}
          placeholder="you@example.com"
        />
        {show('email') ? <p className="field-error">{i18n._(errors.email)}</p> : null}
      </div>
      <div className="field">
        <label className="label" htmlFor="signup-password">
          <Trans>Password</Trans>
        </label>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          aria-invalid={!!show('password')}
        />
        <PasswordChecklist password={form.password} />
        {submitted && form.password === '' && errors.password ? (
          <p className="field-error">{i18n._(errors.password)}</p>
        ) : null}
      </div>
      <div className="field">
        <label className="label" htmlFor="signup-confirm">
          <Trans>Confirm Password</Trans>
        </label>
        <PasswordInput
          id="signup-confirm"
          autoComplete="new-password"
          value={form.confirm_password}
          onChange={set('confirm_password')}
          aria-invalid={!!show('confirm_password')}
        />
        {show('confirm_password') ? <p className="field-error">{i18n._(errors.confirm_password)}</p> : null}
      </div>
      <p className="terms">
        <Trans>By creating an account you agree to our Terms of Service and Privacy Policy.</Trans>
      </p>
      <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block">
        <Trans>Create Account</Trans>
      </BusyButton>
      <GoogleButton />
    </form>
  );
}
