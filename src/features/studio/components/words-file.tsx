import '../../../components/checkbox-row.css';
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { useStudioStore } from '../store.ts';
import { ownWordsText, tooShortToIdentify } from '../../../../contract/own-words.ts';

/**
 * The video tab's optional second file: the user's own subtitles or transcript (.srt, .vtt, .txt), used instead of
 * speech recognition (`source_subtitles_url`). Uploaded like a document; its upload id is kept in the config.
 */
export function WordsFile() {
  const { t, i18n } = useLingui();
  const id = useStudioStore((s) => s.config.media.wordsUploadId);
  const upload = useStudioStore((s) => (id ? s.uploads[id] : undefined));
  const update = useStudioStore((s) => s.updateConfig);

  const onFile = async (file: File) => {
    try {
      const view = await getUploadWorker().addUpload(file, 'words');
      useStudioStore.getState().upsertUpload(view);
      const extension = file.name.split('.').pop() ?? '';
      const text = await file.text().catch(() => '');
      update('media', { wordsUploadId: view.id, wordsTooShort: tooShortToIdentify(ownWordsText(text, extension)) });
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Unknown error occurred`),
        variant: 'destructive',
      });
    }
  };

  const labelId = useId();
  return (
    <div className="field words-file">
      <span className="label" id={labelId}>
        <Trans>Subtitles or transcript (.srt, .vtt, .txt)</Trans>
      </span>
      {upload ? (
        <div className="option-row">
          <span dir="auto">{upload.filename}</span>
          <small>{upload.status === 'completed' ? <Trans>Ready</Trans> : `${Math.round(upload.percent)}%`}</small>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              void getUploadWorker().removeUpload(upload.id);
              update('media', { wordsUploadId: undefined, wordsTooShort: undefined });
            }}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : (
        <>
          <input
            className="input"
            type="file"
            accept=".srt,.vtt,.txt"
            data-testid="words-file"
            aria-labelledby={labelId}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void onFile(f);
            }}
          />
          <small className="muted">
            <Trans>
              Optional. Your own words are used instead of speech recognition; a transcript without times is
              synchronised to the speech.
            </Trans>
          </small>
        </>
      )}
    </div>
  );
}
