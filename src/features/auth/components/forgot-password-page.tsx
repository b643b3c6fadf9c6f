import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { requestPasswordReset } from '../../../lib/session-api.ts';
import { ForgotPasswordSchema, fieldErrors } from '../schemas.ts';
import './auth.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Forgot password`;

/** /auth/forgot-password: e-mail a reset link; success goes back to /auth (spec section 4). */
export function ForgotPasswordPage() {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(ForgotPasswordSchema, { email });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.email) return;
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      toast({
        title: t`Check your email`,
        description: t`If an account with that email exists, a password reset link has been sent.`,
        variant: 'success',
      });
      navigate('/auth');
    } catch (error) {
      toast({
        title: t`Failed to request password reset.`,
        description: describeError(errorInfoOf(error), i18n, t`Failed to request password reset`),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-layout">
      <form className="card auth-card auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>
          <Trans>Forgot your password?</Trans>
        </h1>
        <p className="subtitle">
          <Trans>Enter your email and we will send you a link to reset it.</Trans>
        </p>
        <div className="field">
          <label className="label" htmlFor="forgot-email">
            <Trans>Email</Trans>
          </label>
          <input
            id="forgot-email"
            className="input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={submitted && !!errors.email}
          />
          {submitted && errors.email ? <p className="field-error">{i18n._(errors.email)}</p> : null}
        </div>
        <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block">
          <Trans>Send Reset Link</Trans>
        </BusyButton>
        <p className="auth-footer">
          <Trans>Remembered it?</Trans>{' '}
          <Link href="/auth">
            <Trans>Sign In</Trans>
          </Link>
        </p>
      </form>
    </div>
  );
}
