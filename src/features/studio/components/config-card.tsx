import { Trans, useLingui } from '@lingui/react/macro';
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import { AUTO_DETECT_LABEL, AUTO_LANGUAGE, languageLabel, STUDIO_LANGUAGES } from '../../../config/languages.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { CheckboxRow } from '../../../components/checkbox-row.tsx';
import { SpeakersField } from './speakers-field.tsx';
import { DubOptions } from './dub-options.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { errorInfoOf } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { formatList } from '../../../lib/format.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { useStudioStore, type StudioTab } from '../store.ts';
import { buildRequest, canStart, clonesVoices, isCaptions, servicesOf } from '../schemas.ts';
import { CostSummary } from './cost-summary.tsx';
import { useExactPrice } from './use-exact-price.ts';
import { hasPremiumVoices, sourceProblem, targetProblem, useCapabilitiesStore } from '../../../lib/capabilities.ts';
import { VoicePicker } from './voice-picker.tsx';
import { VoiceQuality } from './voice-quality.tsx';
import { SubtitleStyleFields } from './subtitle-style-fields.tsx';
import { SubtitlePreview } from './subtitle-preview.tsx';
import { useEffect } from 'react';
import { pastMediaEnd } from '../../../../contract/own-words.ts';
import { WordsPastEnd } from './words-past-end.tsx';

interface ConfigCardProps {
  kind: StudioTab;
  signedIn: boolean;
  onSubmitted: () => void;
}

/** Languages, outputs, voice-over quality, cost summary and Start Processing (spec section 2). */
export function ConfigCard({ kind, signedIn, onSubmitted }: ConfigCardProps) {
  const { t, i18n } = useLingui();
  const config = useStudioStore((s) => s.config[kind]);
  const selection = useStudioStore((s) => s.selection[kind]);
  const upload = useStudioStore((s) => (selection?.type === 'file' ? s.uploads[selection.uploadId] : undefined));
  const submitting = useStudioStore((s) => s.submitting);
  const update = useStudioStore((s) => s.updateConfig);
  const toggleTarget = useStudioStore((s) => s.toggleTarget);
  const mediaUrl = selection?.type === 'youtube' ? selection.youtubeUrl : upload?.fileUrl;
  // A YouTube link or an uploaded file that is not audio/*: a picture the dub may slow ("Keep voices natural").
  const hasPicture =
    kind === 'media' &&
    (selection?.type === 'youtube' || (upload !== undefined && !upload.contentType?.startsWith('audio/')));
  const words = useStudioStore((s) =>
    kind === 'media' && config.wordsUploadId ? s.uploads[config.wordsUploadId] : undefined,
  );
  const wordsPending = Boolean(config.wordsUploadId) && !words?.fileUrl;
  // Own words too short for Auto-detect: the server would refuse them after Start (SOURCE_LANGUAGE_REQUIRED).
  const wordsNeedLanguage = Boolean(config.wordsUploadId && config.wordsTooShort) && config.source === AUTO_LANGUAGE;
  const setStyle = useStudioStore((s) => s.changeStyle);
  // The server's price for exactly this uploaded file (a YouTube link is priced when the job starts).
  const exact = useExactPrice(
    mediaUrl && selection?.type === 'file' && config.targets.length > 0 && config.source
      ? {
          media_url: mediaUrl,
          source_language: config.source,
          target_languages: config.targets,
          services_to_run: servicesOf(kind, config),
          ...(clonesVoices(kind, config) ? { voice_clone: true } : {}),
        }
      : null,
  );
  const short = exact !== null && exact.credits > exact.balance;
  // Own subtitles timed past the end of the media the server measured: it would refuse them after Start
  // (SUBTITLE_TIMES_OUTSIDE_MEDIA), so they are pointed out now (issue 38 item 4).
  const mediaSeconds = exact?.media_seconds;
  const wordsPastEnd =
    kind === 'media' &&
    Boolean(config.wordsUploadId) &&
    config.wordsTimes !== undefined &&
    mediaSeconds !== undefined &&
    pastMediaEnd(config.wordsTimes, mediaSeconds);
  const caps = useCapabilitiesStore((s) => s.languages);
  // Auto-detect for speech only where a recogniser identifies the language; otherwise the user names it (issue
  // 22, item 3). With the user's own words the language is read from their text, so Auto-detect stays.
  const speechDetection = useCapabilitiesStore((s) => s.speechDetection);
  const noSpeechAuto = kind === 'media' && !config.wordsUploadId && speechDetection === false;
  useEffect(() => {
    if (noSpeechAuto && config.source === AUTO_LANGUAGE) update(kind, { source: '' });
    // Own words attached while no language was named: their text is read, so Auto-detect comes back (a text too
    // short to identify is then pointed out before Start, issue 22 item 10).
    else if (kind === 'media' && config.wordsUploadId && config.source === '') update(kind, { source: AUTO_LANGUAGE });
  }, [noSpeechAuto, config.source, config.wordsUploadId, kind, update]);
  useEffect(() => void useCapabilitiesStore.getState().load(), []);
  // A video's own language stays offered as captions (no translation, no voice-over); a document's does not.
  const targetOptions = STUDIO_LANGUAGES.filter((l) => kind === 'media' || l.code !== config.source).map((l) => {
    const captions = isCaptions(kind, config.source, l.code);
    return {
      ...l,
      captions,
      problem: captions ? null : targetProblem(caps, kind, config.source, l.code, kind === 'media' && config.voiceOver),
    };
  });
  const voicedTargets = config.targets.filter((code) => !isCaptions(kind, config.source, code));
  // Premium only where the engines have Premium voices; otherwise Standard, and the studio says why.
  const premium = hasPremiumVoices(caps, voicedTargets);
  useEffect(() => {
    if (premium === false && config.mode === 'dubbing') update(kind, { mode: 'manual' });
  }, [premium, config.mode, kind, update]);
  const noTranslation = targetOptions.filter((l) => l.problem === 'translation');
  const noVoice = targetOptions.filter((l) => l.problem === 'voice');
  const unavailableSources = STUDIO_LANGUAGES.filter((l) => sourceProblem(caps, kind, l.code) !== null);
  // A target that became unavailable (another source, voice-over switched on) is dropped from the choice.
  const blockedKey = targetOptions
    .filter((l) => l.problem && config.targets.includes(l.code))
    .map((l) => l.code)
    .join(',');
  useEffect(() => {
    if (!blockedKey) return;
    const blocked = blockedKey.split(',');
    update(kind, { targets: useStudioStore.getState().config[kind].targets.filter((c) => !blocked.includes(c)) });
  }, [blockedKey, kind, update]);
  const listOf = (codes: readonly { code: string }[]) =>
    formatList(
      codes.map((l) => languageName(l.code)),
      i18n.locale,
    );
  const uploadFailed = upload?.status === 'failed';

  const onStart = async () => {
    if (!signedIn) {
      toast({
        title: t`Authentication Required`,
        description: t`Please log in to submit a job`,
        variant: 'destructive',
      });
      return;
    }
    if (config.targets.length === 0) {
      toast({
        title: t`Invalid Configuration`,
        description: t`Please select at least one target language`,
        variant: 'destructive',
      });
      return;
    }
    const store = useStudioStore.getState();
    store.setSubmitting(true);
    try {
      const endpoint = kind === 'document' ? ENDPOINTS.translateDocument.path : ENDPOINTS.translate.path;
      const body = {
        ...buildRequest(kind, config, mediaUrl, words?.fileUrl),
        original_filename: upload?.filename,
      };
      const uploadRef = selection?.type === 'file' ? selection.uploadId : undefined;
      const result = await getUploadWorker().submit(endpoint, body, uploadRef);
      if (result.state === 'sent') {
        toast({
          title: t`Job Submitted Successfully!`,
          description: t`Your translation job has been queued for processing.`,
          variant: 'success',
        });
        onSubmitted();
      } else if (upload && upload.status !== 'completed') {
        toast({ title: t`Job saved`, description: t`It will be sent as soon as the upload finishes.` });
      } else {
        toast({
          title: t`You are offline`,
          description: t`Your job is saved on this device and will be sent when the connection is back.`,
        });
      }
      store.select(kind, null);
      store.updateConfig(kind, { targets: [] });
      // The card goes away with the selection: the focus goes back to the drop zone, ready for the next file.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="${kind}-drop"]`)?.focus());
    } catch (error) {
      const fallback =
        kind === 'document' ? t`Failed to start document translation job` : t`Failed to start translation job`;
      toast({
        title: t`Submission Failed`,
        description: describeError(errorInfoOf(error), i18n, fallback),
        variant: 'destructive',
      });
    } finally {
      useStudioStore.getState().setSubmitting(false);
    }
  };

  const languageName = (code: string) => languageLabel(code, i18n);

  return (
    <section className="card config-card" aria-labelledby={`config-${kind}`}>
      <div className="card-header">
        <h2 className="card-title" id={`config-${kind}`}>
          <Trans>Configuration</Trans>
        </h2>
        <p className="card-description">
          <Trans>Choose the languages and what you want back.</Trans>
        </p>
      </div>
      <div className="card-body stack">
        <label className="field">
          <span className="label">
            <Trans>Source language</Trans>
          </span>
          <select
            className="select"
            value={config.source}
            onChange={(e) => update(kind, { source: e.target.value })}
            data-testid="source-language"
          >
            {kind === 'media' && !noSpeechAuto ? (
              <option value={AUTO_LANGUAGE}>{i18n._(AUTO_DETECT_LABEL)}</option>
            ) : null}
            {noSpeechAuto ? (
              <option value="" disabled>
                {t`Choose the spoken language`}
              </option>
            ) : null}
            {STUDIO_LANGUAGES.map((l) => {
              // With the user's own words no recogniser runs: every language can be the source.
              const off = !config.wordsUploadId && unavailableSources.includes(l);
              return (
                <option key={l.code} value={l.code} disabled={off}>
                  {off ? t`${i18n._(l.name)} (unavailable)` : i18n._(l.name)}
                </option>
              );
            })}
          </select>
          {noSpeechAuto ? (
            <small className="muted small" data-testid="source-speech-language">
              <Trans>
                Choose the language spoken in the video: the speech engines here cannot identify it, and speech in
                another language would be recognised wrongly.
              </Trans>
            </small>
          ) : null}
          {wordsNeedLanguage ? (
            <p className="field-error" role="alert" data-testid="words-too-short">
              <Trans>
                Your subtitles are too short for their language to be identified: choose the source language.
              </Trans>
            </p>
          ) : config.wordsUploadId ? (
            <small className="muted small" data-testid="source-own-words">
              <Trans>
                With your own subtitles or transcript, Auto-detect reads the language from their text; choose it
                yourself if the text is short.
              </Trans>
            </small>
          ) : kind === 'media' && unavailableSources.length > 0 ? (
            <small className="muted small" data-testid="source-unavailable">
              <Trans>
                Speech is recognised in {listOf(STUDIO_LANGUAGES.filter((l) => !unavailableSources.includes(l)))} only;
                other spoken languages need a speech service. Ask your administrator.
              </Trans>
            </small>
          ) : null}
        </label>
        {kind === 'media' ? (
          <SpeakersField value={config.speakers ?? null} onChange={(speakers) => update(kind, { speakers })} />
        ) : null}
        <fieldset className="field fieldset">
          <legend className="label">
            <Trans>Target languages</Trans>
          </legend>
          <div className="chips">
            {targetOptions.map((l) => (
              <label
                key={l.code}
                className={`chip${config.targets.includes(l.code) ? ' selected' : ''}${l.problem ? ' unavailable' : ''}`}
                data-unavailable={l.problem ?? undefined}
              >
                <input
                  type="checkbox"
                  checked={config.targets.includes(l.code)}
                  onChange={() => toggleTarget(kind, l.code)}
                  value={l.code}
                  disabled={l.problem !== null}
                  aria-describedby={l.problem ? `unavailable-${kind}` : undefined}
                  data-captions={l.captions || undefined}
                />
                {l.captions ? t`${i18n._(l.name)} (captions)` : i18n._(l.name)}
              </label>
            ))}
          </div>
          {noTranslation.length > 0 || noVoice.length > 0 ? (
            <p className="muted small unavailable-note" id={`unavailable-${kind}`} data-testid="targets-unavailable">
              {noTranslation.length > 0 ? (
                <Trans>
                  Translation into {listOf(noTranslation)} needs a translation service; ask your administrator.
                </Trans>
              ) : null}{' '}
              {noVoice.length > 0 ? (
                <Trans>Voice-over in {listOf(noVoice)} needs a voice service; ask your administrator.</Trans>
              ) : null}
            </p>
          ) : null}
        </fieldset>
        {kind === 'media' ? (
          <>
            <fieldset className="field fieldset">
              <legend className="label">
                <Trans>Outputs</Trans>
              </legend>
              <CheckboxRow
                checked={config.subtitles}
                onChange={(checked) => update(kind, { subtitles: checked })}
                title={<Trans>Subtitles</Trans>}
                hint={<Trans>SRT and VTT files</Trans>}
              />
              <CheckboxRow
                checked={config.voiceOver}
                onChange={(checked) => update(kind, { voiceOver: checked })}
                title={<Trans>Voice-over</Trans>}
                hint={<Trans>AI dubbed audio (MP3)</Trans>}
              />
              <CheckboxRow
                checked={config.burned}
                onChange={(checked) => update(kind, { burned: checked })}
                title={<Trans>Subtitles in the video</Trans>}
                hint={<Trans>MP4 with the subtitles burned into the picture</Trans>}
              />
              <CheckboxRow
                checked={config.style.bilingual}
                onChange={(bilingual) => setStyle({ bilingual })}
                title={<Trans>Bilingual subtitles</Trans>}
                hint={<Trans>The original line above the translation</Trans>}
              />
            </fieldset>
            {config.burned ? (
              <>
                <SubtitleStyleFields style={config.style} onChange={setStyle} />
                <SubtitlePreview
                  key={selection?.type === 'file' ? selection.uploadId : 'link'}
                  uploadId={selection?.type === 'file' ? selection.uploadId : undefined}
                  contentType={upload?.contentType}
                  style={config.style}
                  source={config.source}
                  targets={config.targets}
                />
              </>
            ) : null}
            {config.voiceOver ? (
              <VoiceQuality
                kind={kind}
                mode={config.mode}
                premium={premium}
                onChange={(mode) => update(kind, { mode })}
              />
            ) : null}
            <DubOptions kind={kind} hasPicture={hasPicture} premium={premium} />
            {config.voiceOver && voicedTargets.length > 0 ? (
              <VoicePicker
                kind={kind}
                targets={voicedTargets}
                tier={config.mode === 'dubbing' && premium !== false ? 'premium' : 'standard'}
                chosen={config.voices}
                onChoose={(code, id) => update(kind, { voices: { ...config.voices, [code]: id } })}
              />
            ) : null}
          </>
        ) : null}
        <CostSummary kind={kind} config={config} exact={exact} uploaded={Boolean(mediaUrl)} />
        {wordsPastEnd && config.wordsTimes && mediaSeconds !== undefined ? (
          <WordsPastEnd end={config.wordsTimes.lastEnd} length={mediaSeconds} video={hasPicture} />
        ) : null}
        <BusyButton
          busy={submitting}
          type="button"
          className="btn btn-gradient btn-lg btn-block"
          disabled={
            !canStart(kind, config, submitting) ||
            (!mediaUrl && selection?.type !== 'file') ||
            short ||
            uploadFailed ||
            wordsPending ||
            wordsNeedLanguage ||
            wordsPastEnd
          }
          onClick={() => void onStart()}
        >
          <Trans>Start Processing</Trans>
        </BusyButton>
        {config.targets.length > 0 && config.source ? (
          <p className="muted small">
            <Trans>
              From {languageName(config.source)} to {listOf(config.targets.map((code) => ({ code })))}
            </Trans>
          </p>
        ) : null}
      </div>
    </section>
  );
}
