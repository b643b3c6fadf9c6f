import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { CheckboxRow } from '../../../components/checkbox-row.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import type { UserResponse as User } from '../../../../contract/auth.ts';
import { profileErrors } from '../schemas.ts';
import { deleteAccount, requestPasswordReset, setJobEmails, updateProfile } from '../api/settings.api.ts';
import { browserNotificationsOn, setBrowserNotifications } from '../../../lib/browser-notifications.ts';
import './settings.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { panelIdOf, tabIdOf, TabList } from '../../../lib/tabs.tsx';

const PAGE_TITLE = msg`Account Settings`;

interface SettingsPageProps {
  user: User;
  refreshUser: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Clears the session locally (after deletion). */
  clearSession: () => void;
  /**
   * The Team tab's content (features/teams, put together by src/app), given the code of the invitation e-mail's
   * link ('/settings?tab=team&code=123456') or undefined.
   */
  teamSection: (inviteCode: string | undefined) => ReactNode;
  /** Sections of the Account tab between Notifications and Account Actions (API keys, glossary; from src/app). */
  accountSections: ReactNode;
}

/**
 * /settings: profile, password link, notifications and account deletion with confirmation (spec section 2), a
 * Team tab; the other features' sections come in as props.
 */
export function SettingsPage({
  user,
  refreshUser,
  signOut,
  clearSession,
  teamSection,
  accountSections,
}: SettingsPageProps) {
  useDocumentTitle(PAGE_TITLE);
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const errors = profileErrors({ full_name: fullName, email: user.email });
  const [sendingLink, setSendingLink] = useState(false);
  const [jobEmails, setJobEmailsState] = useState(user.email_job_finished !== false);
  const [browserNotes, setBrowserNotes] = useState(browserNotificationsOn);
  const notificationsSupported = typeof Notification !== 'undefined';
  // Settings > Team (issue 23 item 5): '/settings?tab=team&code=123456' is the invitation e-mail's link.
  const query = new URLSearchParams(useSearch());
  const inviteCode = query.get('code') ?? undefined;
  const [tab, setTab] = useState<'account' | 'team'>(query.get('tab') === 'team' ? 'team' : 'account');
  const onTab = (next: 'account' | 'team') => {
    setTab(next);
    navigate(next === 'team' ? '/settings?tab=team' : '/settings', { replace: true });
  };

  const onPasswordLink = async () => {
    setSendingLink(true);
    try {
      await requestPasswordReset(user.email);
      toast({ title: t`Check your email`, description: t`We sent a link to change your password to ${user.email}.` });
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      });
    } finally {
      setSendingLink(false);
    }
  };
  const onJobEmails = async (on: boolean) => {
    setJobEmailsState(on);
    try {
      await setJobEmails(on);
      await refreshUser();
      toast({ title: on ? t`You will get an e-mail when a job is finished.` : t`Job e-mails are off.` });
    } catch (error) {
      setJobEmailsState(!on);
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      });
    }
  };
  const onBrowserNotes = async (on: boolean) => {
    const now = await setBrowserNotifications(on);
    setBrowserNotes(now);
    if (on && !now)
      toast({
        title: t`Notifications are blocked`,
        description: t`Allow notifications for this site in your browser's settings, then try again.`,
        variant: 'destructive',
      });
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (errors.full_name) return;
    setSaving(true);
    try {
      await updateProfile({ full_name: fullName.trim(), email: user.email });
      toast({ title: t`Success`, description: t`Profile updated successfully.`, variant: 'success' });
      await refreshUser();
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Failed to update profile.`),
        variant: 'destructive',
      });
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
      toast({
        title: t`Account Deleted`,
        description: t`Your account has been permanently deleted`,
        variant: 'success',
      });
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
          <h1>
            <Trans>Account Settings</Trans>
          </h1>
          <p>
            <Trans>Manage your account preferences and data</Trans>
          </p>
        </header>
        <TabList
          base="settings"
          className="tabs settings-tabs"
          label={t`Settings`}
          value={tab}
          onChange={onTab}
          items={[
            { value: 'account', label: <Trans>Account</Trans> },
            { value: 'team', label: <Trans>Team</Trans> },
          ]}
        />
        <div role="tabpanel" id={panelIdOf('settings')} aria-labelledby={tabIdOf('settings', tab)} className="stack">
          {tab === 'team' ? (
            teamSection(inviteCode)
          ) : (
            <>
              <form className="card" onSubmit={(e) => void onSave(e)} noValidate>
                <div className="card-header">
                  <h2 className="card-title">
                    <Trans>Profile Information</Trans>
                  </h2>
                  <p className="card-description">
                    <Trans>Update your name as it appears in Tarjama.</Trans>
                  </p>
                </div>
                <div className="card-body stack">
                  <div className="field">
                    <label className="label" htmlFor="settings-name">
                      <Trans>Full Name</Trans>
                    </label>
                    <input
                      id="settings-name"
                      className="input"
                      value={fullName}
                      onChange={(e) => setFullName(e.target.value)}
                      aria-invalid={!!errors.full_name}
                    />
                    {errors.full_name ? <p className="field-error">{i18n._(errors.full_name)}</p> : null}
                  </div>
                  <div className="field">
                    <label className="label" htmlFor="settings-email">
                      <Trans>Email</Trans>
                    </label>
                    <input
                      id="settings-email"
                      className="input"
                      value={user.email}
                      readOnly
                      dir="ltr"
                      aria-describedby="settings-email-note"
                    />
                    <p className="muted small" id="settings-email-note">
                      <Trans>Your email is how you sign in; it cannot be changed.</Trans>
                    </p>
                  </div>
                  <div>
                    <BusyButton busy={saving} type="submit" className="btn btn-primary" disabled={!!errors.full_name}>
                      <Trans>Save changes</Trans>
                    </BusyButton>
                  </div>
                </div>
              </form>
              <section className="card" aria-labelledby="settings-password">
                <div className="card-header">
                  <h2 className="card-title" id="settings-password">
                    <Trans>Password</Trans>
                  </h2>
                </div>
                <div className="card-body">
                  <div className="action-row">
                    <div className="grow">
                      <p className="action-title">
                        <Trans>Change password</Trans>
                      </p>
                      <p className="muted small">
                        <Trans>We e-mail you a link to choose a new password.</Trans>
                      </p>
                    </div>
                    <BusyButton
                      busy={sendingLink}
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void onPasswordLink()}
                      data-testid="password-link"
                    >
                      <Trans>Send the link</Trans>
                    </BusyButton>
                  </div>
                </div>
              </section>
              <section className="card" aria-labelledby="settings-notifications">
                <div className="card-header">
                  <h2 className="card-title" id="settings-notifications">
                    <Trans>Notifications</Trans>
                  </h2>
                </div>
                <div className="card-body stack">
                  <CheckboxRow
                    checked={jobEmails}
                    onChange={(on) => void onJobEmails(on)}
                    title={<Trans>E-mail me when a job is finished</Trans>}
                    hint={<Trans>With the file name and a link to download it.</Trans>}
                    testId="job-emails"
                  />
                  {notificationsSupported ? (
                    <CheckboxRow
                      checked={browserNotes}
                      onChange={(on) => void onBrowserNotes(on)}
                      title={<Trans>Notify me in this browser</Trans>}
                      hint={<Trans>When a job finishes while Tarjama is open in the background.</Trans>}
                    />
                  ) : null}
                </div>
              </section>
              {accountSections}
              <section className="card">
                <div className="card-header">
                  <h2 className="card-title">
                    <Trans>Account Actions</Trans>
                  </h2>
                </div>
                <div className="card-body stack">
                  <div className="action-row">
                    <div className="grow">
                      <p className="action-title">
                        <Trans>Sign Out</Trans>
                      </p>
                      <p className="muted small">
                        <Trans>Sign out from your current session</Trans>
                      </p>
                    </div>
                    <button type="button" className="btn btn-outline" onClick={() => void onSignOut()}>
                      <Trans>Sign Out</Trans>
                    </button>
                  </div>
                  <div className="action-row danger-zone">
                    <div className="grow">
                      <p className="action-title">
                        <Trans>Delete Account</Trans>
                      </p>
                      <p className="muted small">
                        <Trans>Permanently delete your account and all associated data</Trans>
                      </p>
                    </div>
                    <button type="button" className="btn btn-destructive" onClick={() => setConfirmOpen(true)}>
                      <Trans>Delete Account</Trans>
                    </button>
                  </div>
                </div>
              </section>
            </>
          )}
        </div>
      </div>
      <Dialog
        open={confirmOpen}
        role="alertdialog"
        onClose={() => !deleting && setConfirmOpen(false)}
        title={<Trans>Are you absolutely sure?</Trans>}
        description={
          <>
            <p>
              <Trans>This action cannot be undone. This will permanently delete:</Trans>
            </p>
            <ul>
              <li>
                <Trans>All your translation jobs and results</Trans>
              </li>
              <li>
                <Trans>Your account information and preferences</Trans>
              </li>
              <li>
                <Trans>Any remaining credits and subscription</Trans>
              </li>
            </ul>
          </>
        }
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setConfirmOpen(false)} disabled={deleting}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="btn btn-destructive" onClick={() => void onDelete()} disabled={deleting}>
              {deleting ? <Trans>Deleting...</Trans> : <Trans>Delete Account</Trans>}
            </button>
          </>
        }
      />
    </div>
  );
}
