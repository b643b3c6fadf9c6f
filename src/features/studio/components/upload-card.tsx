import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, MAX_MEDIA_BYTES } from '../../../../contract/uploads.ts';
import { useStudioStore, type StudioTab } from '../store.ts';
import { isYoutubeUrl } from '../schemas.ts';
import { DropZone } from './drop-zone.tsx';
import { panelIdOf, tabIdOf, TabList } from '../../../lib/tabs.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { WordsFile } from './words-file.tsx';

/** The drop zone's accepted documents: each extension under the content type the server stores it as. */
const DOCUMENT_ACCEPT = Object.fromEntries(
  Object.entries(DOCUMENT_TYPES).map(([ext, types]) => [types[0], [`.${ext}`]]),
);

/** Upload card: a file (video/audio or .docx) streamed by the worker, or a YouTube link on the video tab. */
export function UploadCard({ kind }: { kind: StudioTab }) {
  const { t, i18n } = useLingui();
  const selection = useStudioStore((s) => s.selection[kind]);
  const upload = useStudioStore((s) => (selection?.type === 'file' ? s.uploads[selection.uploadId] : undefined));
  const select = useStudioStore((s) => s.select);
  const [mode, setMode] = useState<'file' | 'youtube'>('file');
  const [url, setUrl] = useState('');
  // Focus follows the file: after choosing one it moves to its upload line (issue 15 item 19).
  const [chose, setChose] = useState(false);

  const onFile = async (file: File) => {
    try {
      const view = await getUploadWorker().addUpload(file, kind);
      useStudioStore.getState().upsertUpload(view);
      if (kind === 'media') useStudioStore.getState().setLocalFile(view.id, file);
      select(kind, { type: 'file', uploadId: view.id });
      setChose(true);
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Unknown error occurred`),
        variant: 'destructive',
      });
    }
  };
  const onRemove = () => {
    if (selection?.type === 'file') void getUploadWorker().removeUpload(selection.uploadId);
    select(kind, null);
  };

  return (
    <section className="card" aria-labelledby={`upload-${kind}`}>
      <div className="card-header">
        <h2 className="card-title" id={`upload-${kind}`}>
          {kind === 'media' ? <Trans>Upload your media</Trans> : <Trans>Upload your document</Trans>}
        </h2>
        <p className="card-description">
          {kind === 'media' ? (
            <Trans>A video or audio file, or a YouTube link.</Trans>
          ) : (
            <Trans>A Word document; its formatting is kept.</Trans>
          )}
        </p>
      </div>
      <div className="card-body stack">
        {kind === 'media' && !selection ? (
          <TabList
            base={`source-${kind}`}
            label={t`Source`}
            value={mode}
            onChange={setMode}
            items={[
              { value: 'file', label: <Trans>Upload File</Trans> },
              { value: 'youtube', label: <Trans>YouTube URL</Trans> },
            ]}
          />
        ) : null}
        {selection?.type === 'file' && upload ? (
          <UploadProgress upload={upload} onRemove={onRemove} focusOnMount={chose} />
        ) : selection?.type === 'youtube' ? (
          <div className="upload-item upload-completed">
            <div className="upload-file-icon youtube" aria-hidden="true">
              ▶
            </div>
            <div className="upload-main">
              <p className="upload-name" dir="ltr">
                {selection.youtubeUrl}
              </p>
              <p className="upload-meta ready">
                <Trans>YouTube video • Ready to process</Trans>
              </p>
            </div>
            <div className="upload-actions">
              <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
                <Trans>Remove</Trans>
              </button>
            </div>
          </div>
        ) : kind === 'media' && mode === 'youtube' ? (
          <div role="tabpanel" id={panelIdOf(`source-${kind}`)} aria-labelledby={tabIdOf(`source-${kind}`, mode)}>
            <form
              className="stack"
              onSubmit={(e) => {
                e.preventDefault();
                if (isYoutubeUrl(url)) select(kind, { type: 'youtube', youtubeUrl: url.trim() });
              }}
            >
              <label className="field">
                <span className="label">
                  <Trans>YouTube video link</Trans>
                </span>
                <input
                  className="input"
                  dir="ltr"
                  type="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  placeholder="https://www.youtube.com/watch?v=..."
                />
              </label>
              <button type="submit" className="btn btn-primary" disabled={!isYoutubeUrl(url)}>
                <Trans>Process YouTube Video</Trans>
              </button>
            </form>
          </div>
        ) : kind === 'media' ? (
          <div role="tabpanel" id={panelIdOf(`source-${kind}`)} aria-labelledby={tabIdOf(`source-${kind}`, mode)}>
            <DropZone
              testId="media-drop"
              accept={{ 'video/*': [], 'audio/*': [] }}
              maxSize={MAX_MEDIA_BYTES}
              onFile={(f) => void onFile(f)}
              name={t`Choose a video or audio file`}
              kindText={t`a video or audio file`}
              hint={<Trans>MP4, MOV, AVI, MKV, MP3, WAV, M4A · up to 2 GB</Trans>}
            />
          </div>
        ) : (
          <DropZone
            testId="document-drop"
            accept={DOCUMENT_ACCEPT}
            maxSize={MAX_DOCUMENT_BYTES}
            onFile={(f) => void onFile(f)}
            name={t`Choose a document`}
            kindText={t`a .docx, .xlsx, .srt or .vtt file`}
            hint={<Trans>DOCX, XLSX, SRT, VTT · up to 50 MB</Trans>}
          />
        )}
        {kind === 'media' && selection ? <WordsFile /> : null}
      </div>
    </section>
  );
}
