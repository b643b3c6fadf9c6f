import '../../../components/checkbox-row.css';
import { useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { useStudioStore } from '../store.ts';
import { isOwnWordsFile, ownWordsText, ownWordsTimes, tooShortToIdentify } from '../../../../contract/own-words.ts';

/**
 * The video tab's optional second file: the user's own subtitles or transcript (.srt, .vtt, .txt), used instead of
 * speech recognition (`source_subtitles_url`). Uploaded like a document; its upload id is kept in the config.
 * A file of another kind is refused when it is picked (issue 38 item 4: a WAV was "Ready" and refused at Start).
 * The latest cue times are kept so the studio can compare them with the media's length before Start.
 */
export function WordsFile() {
  const { t, i18n } = useLingui();
  const id = useStudioStore((s) => s.config.media.wordsUploadId);
  const upload = useStudioStore((s) => (id ? s.uploads[id] : undefined));
  const update = useStudioStore((s) => s.updateConfig);

  const picker = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onFile = async (file: File) => {
    if (!isOwnWordsFile(file.name)) {
      const name = file.name;
      setRefused(t`“${name}” is not a subtitle or transcript file: choose an .srt, .vtt or .txt file.`);
      return;
    }
    setRefused(null);
    try {
      const view = await getUploadWorker().addUpload(file, 'words');
      useStudioStore.getState().upsertUpload(view);
      const extension = file.name.split('.').pop() ?? '';
      const text = await file.text().catch(() => '');
      update('media', {
        wordsUploadId: view.id,
        wordsTooShort: tooShortToIdentify(ownWordsText(text, extension)),
        wordsTimes: ownWordsTimes(text, extension) ?? undefined,
      });
    } catch (error) {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Unknown error occurred`),
        variant: 'destructive',
      });
    }
  };

  const labelId = useId();
  const buttonId = useId();
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
              update('media', { wordsUploadId: undefined, wordsTooShort: undefined, wordsTimes: undefined });
            }}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : (
        <>
          <div className="option-row">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              id={buttonId}
              aria-labelledby={`${buttonId} ${labelId}`}
              onClick={() => picker.current?.click()}
            >
              <Trans>Choose file</Trans>
            </button>
            <span className="muted small">
              <Trans>No file chosen</Trans>
            </span>
          </div>
          <input
            ref={picker}
            type="file"
            hidden
            accept=".srt,.vtt,.txt"
            data-testid="words-file"
            aria-labelledby={labelId}
            onChange={(e) => {
              const f = e.target.files?.[0];
              // Emptied so that picking the same file again (after a refusal) is a change too.
              e.target.value = '';
              if (f) void onFile(f);
            }}
          />
          {refused ? (
            <p className="field-error" role="alert">
              {refused}
            </p>
          ) : null}
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
