import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { resendOtp, takePendingSignIn, verifyEmail, VERIFY_EMAIL_KEY } from '../api/auth.api.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { OtpInput as OtpField } from './otp-input.tsx';
import { EmailSchema, OtpSchema } from '../../../../contract/auth.ts';
import './auth.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { Icon } from '../../../components/icon.tsx';

const PAGE_TITLE = msg`Verify your email`;

/**
 * /auth/verify: the 6-digit code from the e-mail (spec section 2). Reached after sign-up, or after a sign-in
 * refused for an unverified e-mail (a new code was sent). Opened without an address (new tab, restart) it asks
 * for the address first, so it is never a dead end. After the code: straight into the studio when the password
 * is known from this visit, otherwise to sign-in with a plain note.
 */
export function VerifyPage() {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const state = history.state as { email?: string; resent?: boolean } | null;
  const known = state?.email ?? sessionStorage.getItem(VERIFY_EMAIL_KEY) ?? '';
  const [email, setEmail] = useState(known);
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const done = useRef(false);
  const signIn = useSessionStore((s) => s.signIn);
  // Spec section 5: the code has 6 digits (the contract's rule); the button stays disabled until then.
  const complete = v.is(OtpSchema, code);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || busy || done.current) return;
    setBusy(true);
    try {
      await verifyEmail(email, code);
      done.current = true;
      sessionStorage.removeItem(VERIFY_EMAIL_KEY);
      const password = takePendingSignIn(email);
      if (password) {
        try {
          await signIn(email, password);
          toast({ title: t`Your email is verified. Welcome to Tarjama!`, variant: 'success' });
          navigate('/studio', { replace: true });
          return;
        } catch {
          // Fall through to the sign-in form.
        }
      }
      toast({ title: t`Your email is verified. Sign in to continue.`, variant: 'success' });
      navigate('/auth', { replace: true });
    } catch (error) {
      const info = errorInfoOf(error);
      if (info.code === 'ALREADY_VERIFIED') {
        done.current = true;
        toast({ title: t`Your email is already verified. Sign in to continue.`, variant: 'success' });
        navigate('/auth', { replace: true });
        return;
      }
      toast({
        title: t`The code was not accepted`,
        description: describeError(info, i18n, t`Please check the code and try again.`),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      await resendOtp(email);
      toast({ title: t`A new code has been sent to your email.`, variant: 'success' });
    } catch (error) {
      toast({
        title: t`The code could not be sent`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      });
    } finally {
      setResending(false);
    }
  };

  if (!email) {
    const valid = v.is(EmailSchema, typed.trim());
    return (
      <div className="auth-layout">
        <form
          className="card auth-card auth-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            const address = typed.trim();
            sessionStorage.setItem(VERIFY_EMAIL_KEY, address);
            setEmail(address);
            void onResendTo(address);
          }}
        >
          <h1>
            <Trans>Verify your email</Trans>
          </h1>
          <p className="subtitle">
            <Trans>Enter the address you signed up with and we will send you a new 6-digit code.</Trans>
          </p>
          <div className="field">
            <label className="label" htmlFor="verify-email">
              <Trans>Email</Trans>
            </label>
            <input
              id="verify-email"
              className="input"
              type="email"
              autoComplete="email"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={!valid}>
            <Trans>Send the code</Trans>
          </button>
        </form>
      </div>
    );
  }

  async function onResendTo(address: string) {
    try {
      await resendOtp(address);
    } catch {
      // The address may be unknown or already verified: the page says nothing more than it would for anyone.
    }
  }

  return (
    <div className="auth-layout">
      <form className="card auth-card auth-form" onSubmit={(e) => void onSubmit(e)}>
        <div className="auth-icon" aria-hidden="true">
          <Icon size={26}>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </Icon>
        </div>
        <h1>
          <Trans>Check your email</Trans>
        </h1>
        <p className="subtitle" data-testid="verify-intro">
          {state?.resent ? (
            <Trans>
              Your email is not verified yet. We sent a new 6-digit code to <strong dir="ltr">{email}</strong>
            </Trans>
          ) : (
            <Trans>
              We sent a 6-digit code to <strong dir="ltr">{email}</strong>
            </Trans>
          )}
        </p>
        <OtpField value={code} onChange={setCode} />
        <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block" disabled={!complete}>
          <Trans>Verify Account</Trans>
        </BusyButton>
        <p className="auth-footer">
          <Trans>Didn't receive the code?</Trans>{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onResend()} disabled={resending}>
            <Trans>Send a new code</Trans>
          </button>
        </p>
      </form>
    </div>
  );
}
