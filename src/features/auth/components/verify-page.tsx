import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { resendOtp, verifyEmail, VERIFY_EMAIL_KEY } from '../api/auth.api.ts';
import { OtpInput as OtpField } from './otp-input.tsx';
import './auth.css';

/** /auth/verify: 6-digit code from the e-mail (spec section 2). */
export function VerifyPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const email = (history.state as { email?: string } | null)?.email ?? sessionStorage.getItem(VERIFY_EMAIL_KEY) ?? '';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (!email) {
      toast({ title: t`Error`, description: t`Something went wrong. Please sign up again.`, variant: 'destructive' });
      navigate('/auth', { replace: true });
    }
  }, [email, navigate, t]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return;
    setBusy(true);
    try {
      await verifyEmail(email, code);
      sessionStorage.removeItem(VERIFY_EMAIL_KEY);
      toast({ title: t`Success`, description: t`Your email has been verified. Please sign in to continue.`, variant: 'success' });
      navigate('/auth');
    } catch (error) {
      toast({ title: t`Invalid OTP. Please try again.`, description: (error as Error).message || t`OTP verification failed`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      await resendOtp(email);
      toast({ title: t`OTP Resent`, description: t`A new verification code has been sent to your email.`, variant: 'success' });
    } catch (error) {
      toast({ title: t`Failed to resend OTP. Please try again.`, description: (error as Error).message || t`Failed to resend OTP`, variant: 'destructive' });
    } finally {
      setResending(false);
    }
  };

  if (!email) return null;
  return (
    <div className="auth-layout">
      <form className="card auth-card auth-form" onSubmit={onSubmit}>
        <div className="auth-icon" aria-hidden="true">
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></svg>
        </div>
        <h1><Trans>Check your email</Trans></h1>
        <p className="subtitle">
          <Trans>We sent a 6-digit code to <strong dir="ltr">{email}</strong></Trans>
        </p>
        <OtpField value={code} onChange={setCode} />
        <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block" disabled={code.length !== 6}>
          <Trans>Verify Account</Trans>
        </BusyButton>
        <p className="auth-footer">
          <Trans>Didn't receive the code?</Trans>{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onResend()} disabled={resending}>
            <Trans>Click to resend</Trans>
          </button>
        </p>
      </form>
    </div>
  );
}
