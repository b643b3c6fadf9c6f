import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUTO_DETECT, STUDIO_LANGUAGES } from '../../../config/constants.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { formatCredits } from '../../../lib/format.ts';
import { useStudioStore, type StudioTab } from '../store.ts';
import { buildRequest, canStart, estimateCredits } from '../schemas.ts';
import { estimateJob, type Estimate } from '../api/studio.api.ts';

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
  const cost = estimateCredits(kind, config);
  const mediaUrl = selection?.type === 'youtube' ? selection.youtubeUrl : upload?.fileUrl;
  const [exact, setExact] = useState<Estimate | null>(null);

  useEffect(() => {
    setExact(null);
    if (!mediaUrl || selection?.type !== 'file' || config.targets.length === 0) return;
    const request = buildRequest(kind, config, mediaUrl);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      estimateJob({ media_url: mediaUrl, target_languages: config.targets, services_to_run: request.services_to_run as string[] }, controller.signal)
        .then(setExact)
        .catch(() => setExact(null));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [mediaUrl, kind, config, selection?.type]);

  const onStart = async () => {
    if (!signedIn) {
      toast({ title: t`Authentication Required`, description: t`Please log in to submit a job`, variant: 'destructive' });
      return;
    }
    if (config.targets.length === 0) {
      toast({ title: t`Invalid Configuration`, description: t`Please select at least one target language`, variant: 'destructive' });
      return;
    }
    const store = useStudioStore.getState();
    store.setSubmitting(true);
    try {
      const endpoint = kind === 'document' ? '/v1/documents/translate' : '/v1/jobs/translate';
      const body = { ...buildRequest(kind, config, mediaUrl), original_filename: upload?.filename };
      const uploadRef = selection?.type === 'file' ? selection.uploadId : undefined;
      const result = await getUploadWorker().submit(endpoint, body, uploadRef);
      if (result.state === 'sent') {
        toast({ title: t`Job Submitted Successfully!`, description: t`Your translation job has been queued for processing.`, variant: 'success' });
        onSubmitted();
      } else if (upload && upload.status !== 'completed') {
        toast({ title: t`Job saved`, description: t`It will be sent as soon as the upload finishes.` });
      } else {
        toast({ title: t`You are offline`, description: t`Your job is saved on this device and will be sent when the connection is back.` });
      }
      store.select(kind, null);
      store.updateConfig(kind, { targets: [] });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : (error as Error)?.message;
      toast({ title: t`Submission Failed`, description: message || t`Failed to submit job`, variant: 'destructive' });
    } finally {
      useStudioStore.getState().setSubmitting(false);
    }
  };

  const languageName = (code: string) => i18n._(STUDIO_LANGUAGES.find((l) => l.code === code)?.name ?? AUTO_DETECT.name);

  return (
    <section className="card config-card" aria-labelledby={`config-${kind}`}>
      <div className="card-header">
        <h2 className="card-title" id={`config-${kind}`}><Trans>Configuration</Trans></h2>
        <p className="card-description"><Trans>Choose the languages and what you want back.</Trans></p>
      </div>
      <div className="card-body stack">
        <label className="field">
          <span className="label"><Trans>Source language</Trans></span>
          <select className="select" value={config.source} onChange={(e) => update(kind, { source: e.target.value })} data-testid="source-language">
            {kind === 'media' ? <option value="auto">{i18n._(AUTO_DETECT.name)}</option> : null}
            {STUDIO_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>{i18n._(l.name)}</option>
            ))}
          </select>
        </label>
        <fieldset className="field fieldset">
          <legend className="label"><Trans>Target languages</Trans></legend>
          <div className="chips">
            {STUDIO_LANGUAGES.filter((l) => l.code !== config.source).map((l) => (
              <label key={l.code} className={`chip${config.targets.includes(l.code) ? ' selected' : ''}`}>
                <input type="checkbox" checked={config.targets.includes(l.code)} onChange={() => toggleTarget(kind, l.code)} value={l.code} />
                {i18n._(l.name)}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'media' ? (
          <>
            <fieldset className="field fieldset">
              <legend className="label"><Trans>Outputs</Trans></legend>
              <label className="option-row">
                <input type="checkbox" checked={config.subtitles} onChange={(e) => update(kind, { subtitles: e.target.checked })} />
                <span><strong><Trans>Subtitles</Trans></strong><small><Trans>SRT and VTT files</Trans></small></span>
              </label>
              <label className="option-row">
                <input type="checkbox" checked={config.voiceOver} onChange={(e) => update(kind, { voiceOver: e.target.checked })} />
                <span><strong><Trans>Voice-over</Trans></strong><small><Trans>AI dubbed audio (MP3)</Trans></small></span>
              </label>
            </fieldset>
            {config.voiceOver ? (
              <fieldset className="field fieldset">
                <legend className="label"><Trans>Voice-over quality</Trans></legend>
                <div className="quality-grid">
                  <label className={`quality${config.mode === 'manual' ? ' selected' : ''}`}>
                    <input type="radio" name={`mode-${kind}`} checked={config.mode === 'manual'} onChange={() => update(kind, { mode: 'manual' })} />
                    <strong><Trans>Standard</Trans></strong>
                    <small><Trans>5 voices per language</Trans></small>
                  </label>
                  <label className={`quality${config.mode === 'dubbing' ? ' selected' : ''}`}>
                    <input type="radio" name={`mode-${kind}`} checked={config.mode === 'dubbing'} onChange={() => update(kind, { mode: 'dubbing' })} />
                    <strong><Trans>Premium</Trans></strong>
                    <small><Trans>20+ voices per language</Trans></small>
                  </label>
                </div>
              </fieldset>
            ) : null}
          </>
        ) : null}
        <div className="cost-summary" data-testid="cost-summary">
          <h3><Trans>Cost summary</Trans></h3>
          {kind === 'media' && config.subtitles ? (
            <p className="cost-line"><span><Trans>Subtitles ({config.targets.length} × 10 credits)</Trans></span><span>{formatCredits(cost.subtitles, i18n.locale)}</span></p>
          ) : null}
          {kind === 'media' && config.voiceOver ? (
            <p className="cost-line"><span><Trans>Voice-over ({config.targets.length} × 30 credits)</Trans></span><span>{formatCredits(cost.voiceOver, i18n.locale)}</span></p>
          ) : null}
          {kind === 'document' ? (
            <p className="cost-line"><span><Trans>Document translation ({config.targets.length} × 3 credits)</Trans></span><span>{formatCredits(cost.document, i18n.locale)}</span></p>
          ) : null}
          <p className="cost-line total"><span><Trans>Total estimated cost</Trans></span><span><Trans>{formatCredits(cost.total, i18n.locale)} credits</Trans></span></p>
          {exact ? (
            <p className="cost-exact" data-testid="exact-cost">
              <Trans>Price for this file: {formatCredits(exact.credits, i18n.locale)} credits (balance {formatCredits(exact.balance, i18n.locale)})</Trans>
            </p>
          ) : (
            <p className="cost-note"><Trans>Estimate for 10 minutes of media or 500 words; the final price uses the real length.</Trans></p>
          )}
        </div>
        <BusyButton busy={submitting} type="button" className="btn btn-gradient btn-lg btn-block" disabled={!canStart(kind, config, submitting) || !mediaUrl && selection?.type !== 'file'} onClick={() => void onStart()}>
          <Trans>Start Processing</Trans>
        </BusyButton>
        {config.targets.length > 0 ? (
          <p className="muted small">
            <Trans>From {languageName(config.source)} to {config.targets.map(languageName).join(', ')}</Trans>
          </p>
        ) : null}
      </div>
    </section>
  );
}
