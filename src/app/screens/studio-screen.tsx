import { useCallback } from 'react';
import { useSessionStore } from '../../lib/session-store.ts';
import { useStudioStore } from '../../features/studio/store.ts';
import { StudioPage } from '../../features/studio/components/studio-page.tsx';
import { JobHistory } from '../../features/jobs/components/job-history.tsx';
import { useUploadWorker } from '../worker-bridge.ts';
import type { UserResponse as User } from '../../../contract/auth.ts';

function Studio() {
  const user = useSessionStore((s) => s.user);
  const token = useSessionStore((s) => s.token);
  const tab = useStudioStore((s) => s.tab);
  const refreshUser = useCallback(() => void useSessionStore.getState().refreshUser(), []);
  const setUser = useCallback((next: User) => useSessionStore.getState().setUser(next), []);
  useUploadWorker(token);
  return (
    <StudioPage
      user={user}
      refreshUser={refreshUser}
      onUserChanged={setUser}
      history={<JobHistory kind={tab} userId={user?.id} />}
    />
  );
}

/** The studio body, composed here because it joins three features: session, studio and jobs. */
export function StudioScreen() {
  return <Studio />;
}
