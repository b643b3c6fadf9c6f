import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import type { User } from '../../../lib/api-types.ts';
import { profileErrors } from '../schemas.ts';
import { deleteAccount, updateProfile } from '../api/settings.api.ts';
import './settings.css';

interface SettingsPageProps {
  user: User;
  refreshUser: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Clears the session locally (after deletion). */
  clearSession: () => void;
}

/** /settings: profile, sign out and account deletion with confirmation (spec section 2). */
export function SettingsPage({ user, refreshUser, signOut, clearSession }: SettingsPageProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const errors = profileErrors({ full_name: fullName, email: user.email });

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (errors.full_name) return;
    setSaving(true);
    try {
      await updateProfile({ full_name: fullName.trim(), email: user.email });
      toast({ title: t`Success`, description: t`Profile updated successfully.`, variant: 'success' });
      await refreshUser();
    } catch (error) {
      toast({ title: t`Error`, description: (error as Error).message || t`Failed to update profile.`, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };
  const onSignOut = async () => {
    await signOut();
    toast({ title: t`Successfully signed out`, variant: 'success' });
    navigate('/');
  };
  const onDelete = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
      clearSession();
      toast({ title: t`Account Deleted`, description: t`Your account has been permanently deleted`, variant: 'success' });
      navigate('/');
    } catch {
      toast({ title: t`Error`, description: t`Failed to delete account. Please try again.`, variant: 'destructive' });
      setDeleting(false);
    }
  };

  return (
    <div className="page">
      <div className="container narrow-settings stack">
        <header className="page-header">
          <h1><Trans>Account Settings</Trans></h1>
          <p><Trans>Manage your account preferences and data</Trans></p>
        </header>
        <form className="card" onSubmit={onSave} noValidate>
          <div className="card-header">
            <h2 className="card-title"><Trans>Profile Information</Trans></h2>
            <p className="card-description"><Trans>Update your name as it appears in Tarjama.</Trans></p>
          </div>
          <div className="card-body stack">
            <div className="field">
              <label className="label" htmlFor="settings-name"><Trans>Full Name</Trans></label>
              <input id="settings-name" className="input" value={fullName} onChange={(e) => setFullName(e.target.value)} aria-invalid={!!errors.full_name} />
              {errors.full_name ? <p className="field-error">{i18n._(errors.full_name)}</p> : null}
            </div>
            <div>
              <BusyButton busy={saving} type="submit" className="btn btn-primary" disabled={!!errors.full_name}>
                <Trans>Save changes</Trans>
              </BusyButton>
            </div>
          </div>
        </form>
        <section className="card">
          <div className="card-header">
            <h2 className="card-title"><Trans>Account Actions</Trans></h2>
          </div>
          <div className="card-body stack">
            <div className="action-row">
              <div className="grow">
                <p className="action-title"><Trans>Sign Out</Trans></p>
                <p className="muted small"><Trans>Sign out from your current session</Trans></p>
              </div>
              <button type="button" className="btn btn-outline" onClick={() => void onSignOut()}><Trans>Sign Out</Trans></button>
            </div>
            <div className="action-row danger-zone">
              <div className="grow">
                <p className="action-title"><Trans>Delete Account</Trans></p>
                <p className="muted small"><Trans>Permanently delete your account and all associated data</Trans></p>
              </div>
              <button type="button" className="btn btn-destructive" onClick={() => setConfirmOpen(true)}><Trans>Delete Account</Trans></button>
            </div>
          </div>
        </section>
      </div>
      <Dialog
        open={confirmOpen}
        role="alertdialog"
        onClose={() => !deleting && setConfirmOpen(false)}
        title={<Trans>Are you absolutely sure?</Trans>}
        description={
          <>
            <p><Trans>This action cannot be undone. This will permanently delete:</Trans></p>
            <ul>
              <li><Trans>All your translation jobs and results</Trans></li>
              <li><Trans>Your account information and preferences</Trans></li>
              <li><Trans>Any remaining credits and subscription</Trans></li>
            </ul>
          </>
        }
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setConfirmOpen(false)} disabled={deleting}><Trans>Cancel</Trans></button>
            <button type="button" className="btn btn-destructive" onClick={() => void onDelete()} disabled={deleting}>
              {deleting ? <Trans>Deleting...</Trans> : <Trans>Delete Account</Trans>}
            </button>
          </>
        }
      />
    </div>
  );
}
