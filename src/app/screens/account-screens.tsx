import { useSessionStore } from '../../lib/session-store.ts';
import { PricingPage } from '../../features/billing/components/pricing-page.tsx';
import { SubscriptionPage } from '../../features/billing/components/subscription-page.tsx';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';
import { TestCheckoutPage } from '../../features/billing/components/test-checkout-page.tsx';
import { TestPortalPage } from '../../features/billing/components/test-portal-page.tsx';
import { ApiKeysSection } from '../../features/api-access/components/api-keys-section.tsx';
import { GlossarySection } from '../../features/glossary/components/glossary-section.tsx';
import { TeamSection } from '../../features/teams/components/team-section.tsx';
import { RequireSession } from './require-session.tsx';

// Screens that read the session or join several features (Settings with the team, API-key and glossary sections)
// are composed here, so features never import each other (eslint.config.js import-x/no-restricted-paths).

export function PricingScreen() {
  const user = useSessionStore((s) => (s.status === 'signed-in' ? s.user : null));
  return <PricingPage user={user} />;
}

export function SubscriptionScreen() {
  const user = useSessionStore((s) => s.user);
  return (
    <RequireSession>
      <SubscriptionPage user={user} refreshUser={() => void useSessionStore.getState().refreshUser()} />
    </RequireSession>
  );
}

export function SettingsScreen() {
  const user = useSessionStore((s) => s.user);
  const session = useSessionStore.getState();
  return (
    <RequireSession>
      {user ? (
        <SettingsPage
          user={user}
          refreshUser={session.refreshUser}
          signOut={session.signOut}
          clearSession={session.clear}
          teamSection={(inviteCode) => (
            <TeamSection userId={user.id} initialCode={inviteCode} refreshUser={session.refreshUser} />
          )}
          accountSections={
            <>
              <ApiKeysSection />
              <GlossarySection />
            </>
          }
        />
      ) : null}
    </RequireSession>
  );
}

export function TestCheckoutScreen() {
  return (
    <RequireSession>
      <TestCheckoutPage />
    </RequireSession>
  );
}

export function TestPortalScreen() {
  return (
    <RequireSession>
      <TestPortalPage onCanceled={() => void useSessionStore.getState().refreshUser()} />
    </RequireSession>
  );
}
