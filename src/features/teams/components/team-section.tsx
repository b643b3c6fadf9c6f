/**
 * Settings > Team (issue 23 item 5): create a team (plans with team management), the members with their roles,
 * invite by e-mail, change a role, remove a member, withdraw an invitation, leave; and, for someone in no team,
 * the invitations waiting for them with the 6-digit code from the e-mail (prefilled from the e-mail's link).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { BusyButton } from '../../../components/busy-button.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  TEAM_MANAGER_ROLES,
  type AssignableTeamRole,
  type TeamMember,
  type TeamResponse,
  type TeamRole,
} from '../../../../contract/teams.ts';
import * as api from '../api/teams.api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import './team.css';

const ROLE_LABELS: Record<TeamRole, MessageDescriptor> = {
  owner: msg`Owner`,
  admin: msg`Admin`,
  member: msg`Member`,
};

interface TeamSectionProps {
  /** The signed-in user's id (their own row has Leave instead of Remove). */
  userId: string;
  /** A code from the invitation e-mail's link (?code=), put in the code field. */
  initialCode?: string;
  /** Reloads the account (plan and balance change when joining or leaving a team). */
  refreshUser: () => Promise<void>;
}

export function TeamSection({ userId, initialCode, refreshUser }: TeamSectionProps) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<TeamResponse | null>(null);
  const [teamName, setTeamName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableTeamRole>('member');
  const [code, setCode] = useState(initialCode ?? '');
  const [busy, setBusy] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown) =>
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      }),
    [i18n, t],
  );
  useEffect(() => {
    api.getTeam().then(setState, fail);
  }, [fail]);

  /** Runs a team call under the `key` busy flag; shows its answer, a toast on success, and the error otherwise. */
  const run = async (key: string, call: () => Promise<TeamResponse>, done?: string, account = false) => {
    setBusy(key);
    try {
      setState(await call());
      if (done) toast({ title: done, variant: 'success' });
      if (account) await refreshUser();
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    if (teamName.trim()) await run('create', () => api.createTeam(teamName.trim()), t`Your team was created.`);
  };
  const onInvite = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    const sent = email.trim();
    if (await run('invite', () => api.inviteMember(sent, role), t`An invitation was sent to ${sent}.`)) setEmail('');
  };
  const onAccept = async (e: FormEvent) => {
    e.preventDefault();
    if (/^\d{6}$/.test(code.trim()))
      await run('accept', () => api.acceptInvitation(code.trim()), t`You joined the team.`, true);
  };
  // Leaving asks first (issue 38 item 4); it says what stays with the team and what goes with the member.
  const [leaving, setLeaving] = useState(false);
  const onLeave = () => {
    setLeaving(false);
    return run('leave', api.leaveTeam, t`You left the team.`, true);
  };
  const onRemove = (m: TeamMember) =>
    run(`remove-${m.user_id}`, () => api.removeMember(m.user_id), t`${m.email} was removed from the team.`);
  const onRole = (m: TeamMember, next: AssignableTeamRole) =>
    run(`role-${m.user_id}`, () => api.changeRole(m.user_id, next), t`The role of ${m.email} was changed.`);

  const team = state?.team ?? null;
  const manager = !!state?.role && TEAM_MANAGER_ROLES.includes(state.role);

  return (
    <section className="card" aria-labelledby="settings-team" data-testid="team">
      <div className="card-header">
        <h2 className="card-title" id="settings-team">
          {team ? team.name : <Trans>Team</Trans>}
        </h2>
        <p className="card-description">
          <Trans>
            A team shares one plan and one credit balance: jobs started in the team are charged to it and listed for the
            whole team, with who started them. API keys and webhooks belong to the team. Someone who leaves keeps
            nothing of the team&apos;s.
          </Trans>
        </p>
      </div>
      <div className="card-body stack">
        {state === null ? (
          <p className="muted">
            <Trans>Loading...</Trans>
          </p>
        ) : null}

        {state && !team ? (
          <>
            {state.invitations_for_me.length ? (
              <ul className="team-list" data-testid="team-invitations-for-me">
                {state.invitations_for_me.map((inv) => (
                  <li key={inv.id} className="action-row">
                    <div className="grow">
                      <p className="action-title">
                        <Trans>
                          Invitation to <bdi>{inv.team_name}</bdi>
                        </Trans>
                      </p>
                      <p className="muted small">
                        {inv.invited_by ? (
                          <>
                            <Trans>
                              From <bdi>{inv.invited_by}</bdi>
                            </Trans>{' '}
                            ·{' '}
                          </>
                        ) : null}
                        {i18n._(ROLE_LABELS[inv.role])} ·{' '}
                        <Trans>Valid until {formatDate(inv.expires_at, i18n.locale)}</Trans>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="muted small" data-testid="team-join-shares">
              <Trans>
                When you join, the jobs you start are the team&apos;s: charged to its credits and listed for every
                member. Your own jobs from before stay private and listed for you under Mine; you keep them if you
                leave. Your own plan and credits wait for you until then.
              </Trans>
            </p>
            <form className="team-form" onSubmit={(e) => void onAccept(e)}>
              <label className="label" htmlFor="team-code">
                <Trans>Invitation code from the e-mail</Trans>
              </label>
              <input
                id="team-code"
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={6}
                value={code}
                placeholder="123456"
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
              <BusyButton
                busy={busy === 'accept'}
                type="submit"
                className="btn btn-primary"
                disabled={!/^\d{6}$/.test(code)}
              >
                <Trans>Join the team</Trans>
              </BusyButton>
            </form>
            {state.teams_in_plan ? (
              <form className="team-form" onSubmit={(e) => void onCreate(e)}>
                <label className="label" htmlFor="team-name">
                  <Trans>Or create a team</Trans>
                </label>
                <input
                  id="team-name"
                  className="input"
                  value={teamName}
                  maxLength={100}
                  placeholder={t`For example: Our agency`}
                  onChange={(e) => setTeamName(e.target.value)}
                />
                <BusyButton
                  busy={busy === 'create'}
                  type="submit"
                  className="btn btn-outline"
                  disabled={!teamName.trim()}
                >
                  <Trans>Create team</Trans>
                </BusyButton>
              </form>
            ) : (
              <p className="muted" data-testid="teams-not-in-plan">
                <Trans>Your plan does not include team management.</Trans>{' '}
                <Link href="/pricing" className="inline-link">
                  <Trans>Upgrade to Business</Trans>
                </Link>
              </p>
            )}
          </>
        ) : null}

        {team && state ? (
          <>
            <p className="muted small" data-testid="team-role">
              <Trans>Your role: {i18n._(ROLE_LABELS[state.role ?? 'member'])}</Trans>
            </p>
            <h3 className="team-subtitle">
              <Trans>Members</Trans>
            </h3>
            <ul className="team-list" data-testid="team-members">
              {team.members.map((m) => (
                <li key={m.user_id} className="action-row" data-testid="team-member" data-role={m.role}>
                  <div className="grow">
                    <p className="action-title">
                      <bdi>{m.full_name || m.email}</bdi>
                    </p>
                    <p className="muted small">
                      <bdi dir="ltr">{m.email}</bdi> · <Trans>Joined {formatDate(m.joined_at, i18n.locale)}</Trans>
                    </p>
                  </div>
                  {manager && m.role !== 'owner' ? (
                    <select
                      className="select team-role-select"
                      aria-label={t`Role of ${m.email}`}
                      value={m.role}
                      disabled={busy !== null}
                      onChange={(e) => void onRole(m, e.target.value as AssignableTeamRole)}
                    >
                      <option value="admin">{i18n._(ROLE_LABELS.admin)}</option>
                      <option value="member">{i18n._(ROLE_LABELS.member)}</option>
                    </select>
                  ) : (
                    <span className="badge">{i18n._(ROLE_LABELS[m.role])}</span>
                  )}
                  {manager && m.role !== 'owner' && m.user_id !== userId ? (
                    <BusyButton
                      busy={busy === `remove-${m.user_id}`}
                      type="button"
                      className="btn btn-outline"
                      onClick={() => void onRemove(m)}
                    >
                      <Trans>Remove</Trans>
                    </BusyButton>
                  ) : null}
                </li>
              ))}
            </ul>
            {manager ? (
              <>
                <form className="team-form" onSubmit={(e) => void onInvite(e)}>
                  <label className="label" htmlFor="team-invite-email">
                    <Trans>Invite by e-mail</Trans>
                  </label>
                  <input
                    id="team-invite-email"
                    className="input"
                    type="email"
                    dir="ltr"
                    value={email}
                    placeholder="name@example.com"
                    onChange={(e) => setEmail(e.target.value)}
                  />
                  <select
                    className="select team-role-select"
                    aria-label={t`Role`}
                    value={role}
                    onChange={(e) => setRole(e.target.value as AssignableTeamRole)}
                  >
                    <option value="member">{i18n._(ROLE_LABELS.member)}</option>
                    <option value="admin">{i18n._(ROLE_LABELS.admin)}</option>
                  </select>
                  <BusyButton
                    busy={busy === 'invite'}
                    type="submit"
                    className="btn btn-primary"
                    disabled={!email.trim()}
                  >
                    <Trans>Send invitation</Trans>
                  </BusyButton>
                </form>
                {team.invitations.length ? (
                  <>
                    <h3 className="team-subtitle">
                      <Trans>Pending invitations</Trans>
                    </h3>
                    <ul className="team-list" data-testid="team-invitations">
                      {team.invitations.map((inv) => (
                        <li key={inv.id} className="action-row">
                          <div className="grow">
                            <p className="action-title">
                              <bdi dir="ltr">{inv.email}</bdi>
                            </p>
                            <p className="muted small">
                              {i18n._(ROLE_LABELS[inv.role])} ·{' '}
                              <Trans>Valid until {formatDate(inv.expires_at, i18n.locale)}</Trans>
                            </p>
                          </div>
                          <BusyButton
                            busy={busy === `cancel-${inv.id}`}
                            type="button"
                            className="btn btn-outline"
                            onClick={() =>
                              void run(`cancel-${inv.id}`, () => api.cancelInvitation(inv.id), t`Invitation withdrawn.`)
                            }
                          >
                            <Trans>Withdraw</Trans>
                          </BusyButton>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </>
            ) : null}
            {state.role !== 'owner' ? (
              <div className="action-row danger-zone">
                <div className="grow">
                  <p className="action-title">
                    <Trans>Leave the team</Trans>
                  </p>
                  <p className="muted small">
                    <Trans>
                      You go back to your own plan and credits, and lose access to the team&apos;s jobs. Your own jobs
                      stay yours.
                    </Trans>
                  </p>
                </div>
                <BusyButton
                  busy={busy === 'leave'}
                  type="button"
                  className="btn btn-destructive"
                  onClick={() => setLeaving(true)}
                >
                  <Trans>Leave</Trans>
                </BusyButton>
              </div>
            ) : null}
            <ConfirmDialog
              open={leaving}
              title={<Trans>Leave the team?</Trans>}
              description={
                <Trans>
                  The jobs you started in the team stay with the team, and you lose access to them, its API keys and its
                  credits. Your own jobs from before you joined stay yours. Coming back takes a new invitation.
                </Trans>
              }
              confirmLabel={<Trans>Leave</Trans>}
              onConfirm={() => void onLeave()}
              onCancel={() => setLeaving(false)}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
