import { Trans } from '@lingui/react/macro';

/**
 * Shown to a team member instead of plan-change and pack buttons (issue 38 item 4: they were offered and then
 * answered "managed by the team owner"): who manages the team's billing. `owner`: the owner's e-mail.
 */
export function TeamBillingNote({ owner }: { owner: string }) {
  return (
    <section className="card" data-testid="team-billing-note">
      <div className="card-header">
        <h2 className="card-title">
          <Trans>Billing is managed by your team</Trans>
        </h2>
        <p className="card-description">
          <Trans>
            You use your team&apos;s plan and credits. Only the team owner, <bdi dir="ltr">{owner}</bdi>, can change the
            plan, buy credits or cancel: ask them. Your own plan and credits come back if you leave the team.
          </Trans>
        </p>
      </div>
    </section>
  );
}
