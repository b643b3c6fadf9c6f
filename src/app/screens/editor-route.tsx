import { EditorPage } from '../../features/editor/components/editor-page.tsx';
import { RequireSession } from './require-session.tsx';

/** /jobs/:id/edit: the editor of a finished media job, for the signed-in user (its own chunk). */
export function EditorRoute() {
  return (
    <RequireSession>
      <EditorPage />
    </RequireSession>
  );
}
