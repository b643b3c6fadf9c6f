import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import type { Job, VideoOutput } from '../../../lib/api-types.ts';

/**
 * Preview of a finished video job: the video with the translated subtitle track, and the dubbed audio played in
 * sync over the muted original when there is a voice-over (or the dubbed MP4 itself when the server made one).
 */
export function PreviewDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  const { t } = useLingui();
  const langs = Object.keys(job.output_files ?? {});
  const [lang, setLang] = useState(langs[0] ?? '');
  const output = (job.output_files?.[lang] ?? {}) as VideoOutput;
  const dubbedVideo = output.voice_over?.video_url;
  const dubbedAudio = output.voice_over?.voice_over_url;
  const [useDub, setUseDub] = useState(Boolean(dubbedAudio));
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const src = useDub && dubbedVideo ? dubbedVideo : (job.source_file_url ?? dubbedVideo ?? '');
  const syncAudio = useDub && !dubbedVideo && Boolean(dubbedAudio);

  useEffect(() => {
    const v = video.current;
    const a = audio.current;
    if (!v || !a || !syncAudio) return;
    const sync = () => {
      if (Math.abs(a.currentTime - v.currentTime) > 0.25) a.currentTime = v.currentTime;
    };
    const play = () => {
      sync();
      void a.play().catch(() => undefined);
    };
    const pause = () => a.pause();
    v.addEventListener('play', play);
    v.addEventListener('pause', pause);
    v.addEventListener('seeked', sync);
    v.addEventListener('timeupdate', sync);
    return () => {
      v.removeEventListener('play', play);
      v.removeEventListener('pause', pause);
      v.removeEventListener('seeked', sync);
      v.removeEventListener('timeupdate', sync);
      a.pause();
    };
  }, [syncAudio, lang]);

  return (
    <Dialog open wide onClose={onClose} title={<Trans>Preview: {job.original_filename ?? job.id}</Trans>}>
      <div className="preview stack">
        <div className="row">
          {langs.length > 1 ? (
            <label className="row">
              <span className="label"><Trans>Language</Trans></span>
              <select className="select preview-select" value={lang} onChange={(e) => setLang(e.target.value)}>
                {langs.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            </label>
          ) : null}
          {dubbedAudio || dubbedVideo ? (
            <label className="checkbox">
              <input type="checkbox" checked={useDub} onChange={(e) => setUseDub(e.target.checked)} />
              <Trans>Dubbed audio</Trans>
            </label>
          ) : null}
        </div>
        {src ? (
          <video key={`${src}-${lang}`} ref={video} className="preview-video" controls crossOrigin="anonymous" muted={syncAudio} playsInline data-testid="preview-video" data-dub={useDub && dubbedVideo ? 'video' : syncAudio ? 'audio' : 'none'}>
            <source src={src} />
            {output.subtitle?.vtt_url ? <track kind="subtitles" src={output.subtitle.vtt_url} srcLang={lang} label={lang} default /> : null}
          </video>
        ) : (
          <p className="muted"><Trans>The source video is no longer available.</Trans></p>
        )}
        {syncAudio ? <audio key={`${dubbedAudio}-${lang}`} ref={audio} src={dubbedAudio} preload="auto" crossOrigin="anonymous" data-testid="preview-audio" /> : null}
        {!src && dubbedAudio ? <audio controls src={dubbedAudio} crossOrigin="anonymous" /> : null}
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn btn-primary" onClick={onClose} aria-label={t`Close preview`}><Trans>Close</Trans></button>
      </div>
    </Dialog>
  );
}
