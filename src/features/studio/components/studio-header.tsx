import { Trans, useLingui } from '@lingui/react/macro';
import { TabList } from '../../../lib/tabs.tsx';
import { useStudioStore } from '../store.ts';
import './studio-header.css';
import { msg } from '@lingui/core/macro';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const PAGE_TITLE = msg`Translation Studio`;

/**
 * Title and tabs of the studio. Shipped with the shell (not the studio chunk) so the page's largest text paints
 * with the first frame while the rest of the studio loads.
 */
export function StudioHeader() {
  useDocumentTitle(PAGE_TITLE);
  const { t } = useLingui();
  const tab = useStudioStore((s) => s.tab);
  const setTab = useStudioStore((s) => s.setTab);
  return (
    <header className="page-header studio-header">
      <div>
        <h1>
          <Trans>Translation Studio</Trans>
        </h1>
        <p>
          <Trans>Upload, choose languages, and get subtitles, voice-over or translated documents.</Trans>
        </p>
      </div>
      <TabList
        base="studio"
        label={t`Content type`}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'media', label: <Trans>Audio & Video</Trans> },
          { value: 'document', label: <Trans>Documents</Trans> },
        ]}
      />
    </header>
  );
}
