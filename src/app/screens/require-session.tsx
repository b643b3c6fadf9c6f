import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Spinner } from '../../components/spinner.tsx';
import { useSessionStore } from '../../lib/session-store.ts';

/** Signed-in screens: a spinner while the session loads, /auth when signed out (spec section 2). */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  if (status === 'loading') {
    return (
      <div className="center-screen">
        <Spinner size="lg" />
      </div>
    );
  }
  if (status === 'signed-out') return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
