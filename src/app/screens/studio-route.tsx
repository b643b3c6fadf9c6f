import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import { StudioHeader } from '../../features/studio/components/studio-header.tsx';
import { RequireSession } from './require-session.tsx';

const StudioScreen = lazy(async () => ({ default: (await import('./studio-screen.tsx')).StudioScreen }));

/** /studio: the frame and header paint at once (largest contentful paint); the body is its own chunk. */
export function StudioRoute() {
  return (
    <RequireSession>
      <div className="page studio">
        <div className="container">
          <StudioHeader />
          <Suspense
            fallback={
              <div className="center-screen">
                <Spinner size="lg" />
              </div>
            }
          >
            <StudioScreen />
          </Suspense>
        </div>
      </div>
    </RequireSession>
  );
}
