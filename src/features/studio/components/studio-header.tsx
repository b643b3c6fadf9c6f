import { Trans, useLingui } from '@lingui/react/macro';
import { useStudioStore } from '../store.ts';
import './studio-header.css';

/**
 * Title and tabs of the studio. Shipped with the shell (not the studio chunk) so the page's largest text paints
 * with the first frame while the rest of the studio loads.
 */
export function StudioHeader() {
  const { t } = useLingui();
  const tab = useStudioStore((s) => s.tab);
  const setTab = useStudioStore((s) => s.setTab);
  return (
    <header className="page-header studio-header">
      <div>
        <h1><Trans>Translation Studio</Trans></h1>
        <p><Trans>Upload, choose languages, and get subtitles, voice-over or translated documents.</Trans></p>
      </div>
      <div className="tabs" role="tablist" aria-label={t`Content type`}>
        <button type="button" role="tab" className="tab" aria-selected={tab === 'media'} onClick={() => setTab('media')}>
          <Trans>Audio & Video</Trans>
        </button>
        <button type="button" role="tab" className="tab" aria-selected={tab === 'document'} onClick={() => setTab('document')}>
          <Trans>Documents</Trans>
        </button>
      </div>
    </header>
  );
}
