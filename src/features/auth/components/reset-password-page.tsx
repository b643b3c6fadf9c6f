import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { resetPassword } from '../api/auth.api.ts';
import { ResetPasswordSchema, fieldErrors } from '../schemas.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import './auth.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Choose a new password`;

/** /auth/reset-password?token=...: new password with the rule checklist (spec section 2). */
export function ResetPasswordPage() {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const [form, setForm] = useState({ password: '', confirm_password: '' });
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(ResetPasswordSchema, form);
  const invalid = Object.keys(errors).length > 0;

  useEffect(() => {
    if (!token) {
      toast({ title: t`Error`, description: t`Password reset token is missing.`, variant: 'destructive' });
      navigate('/auth', { replace: true });
    }
  }, [token, navigate, t]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || !token) return;
    setBusy(true);
    try {
      await resetPassword(token, form.password);
      toast({
        title: t`Success`,
        description: t`Your password has been reset successfully. Please sign in.`,
        variant: 'success',
      });
      navigate('/auth');
    } catch (error) {
      // Spec section 8's two texts: a used or expired link says so once (issue 38 item 4: the title and the
      // description both said "Invalid or expired token."); any other failure gives its reason under the title.
      const info = errorInfoOf(error);
      toast(
        info.code === 'INVALID_RESET_TOKEN'
          ? { title: t`Failed to reset password. Invalid or expired token.`, variant: 'destructive' }
          : {
              title: t`Failed to reset password`,
              description: describeError(info, i18n, t`Please try again in a moment.`),
              variant: 'destructive',
            },
      );
    } finally {
      setBusy(false);
    }
  };

  if (!token) return null;
  return (
    <div className="auth-layout">
      <form className="card auth-card auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>
          <Trans>Set a new password</Trans>
        </h1>
        <p className="subtitle">
          <Trans>Choose a strong password you have not used before.</Trans>
        </p>
        <div className="field">
          <label className="label" htmlFor="reset-password">
            <Trans>New Password</Trans>
          </label>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
          <PasswordChecklist password={form.password} />
        </div>
        <div className="field">
          <label className="label" htmlFor="reset-confirm">
            <Trans>Confirm New Password</Trans>
          </label>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            value={form.confirm_password}
            onChange={(e) => setForm({ ...form, confirm_password: e.target.value })}
          />
          {form.confirm_password && errors.confirm_password ? (
            <p className="field-error">{i18n._(errors.confirm_password)}</p>
          ) : null}
        </div>
        <BusyButton busy={busy} type="submit" className="btn btn-primary btn-block" disabled={invalid}>
          <Trans>Reset Password</Trans>
        </BusyButton>
      </form>
    </div>
  );
}
