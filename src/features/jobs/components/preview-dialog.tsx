import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import type { JobResponse, MediaOutputEntry } from '../../../../contract/jobs.ts';
import { languageLabel } from '../../../config/languages.ts';
import { NetworkError, signedUrlOf } from '../../../lib/api-client.ts';
import { fetchKept, keptFile } from '../api/jobs.api.ts';

/**
 * The address the player reads `url` from: the signed URL of an API path (GET /v1/uploads/{id}/file needs the
 * bearer token, which a <video> cannot send), the URL itself otherwise, or, without the network, an object URL
 * of the copy kept on this device (made with `objectUrl`). @throws NetworkError offline when no copy is kept;
 * ApiError when the server refuses the file (UPLOAD_NOT_FOUND once the source expired).
 */
async function playableUrl(url: string, objectUrl: (blob: Blob) => string): Promise<string> {
  const kept = async () => {
    const blob = await keptFile(url);
    if (!blob) throw new NetworkError();
    return objectUrl(blob);
  };
  if (!navigator.onLine) return kept();
  try {
    return await signedUrlOf(url);
  } catch (error) {
    if (error instanceof NetworkError) return kept();
    throw error;
  }
}

/** What the player shows for the chosen file: its address and subtitle track, or why it cannot play. */
type Playable = { for: string; src: string; track?: string } | { for: string; problem: 'offline' | 'missing' };

/**
 * Preview of a finished video job: the video with the translated subtitle track, and the dubbed audio played in
 * sync over the muted original when there is a voice-over (or the dubbed MP4 itself when the server made one).
 */
export function PreviewDialog({ job, onClose }: { job: JobResponse; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const langs = Object.keys(job.output_files);
  const [lang, setLang] = useState(langs[0] ?? '');
  const output = (job.output_files[lang] ?? {}) as MediaOutputEntry;
  const dubbedVideo = output.voice_over?.video_url;
  const dubbedAudio = output.voice_over?.voice_over_url;
  const [useDub, setUseDub] = useState(Boolean(dubbedAudio));
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const src = useDub && dubbedVideo ? dubbedVideo : job.source_file_url || dubbedVideo || '';
  const syncAudio = useDub && !dubbedVideo && Boolean(dubbedAudio);
  const vttUrl = output.subtitle?.vtt_url;

  // The file and its subtitles are read before the player is shown: the signed address of the file, and the
  // VTT as an object URL (fetched, or the copy kept on this device, so the captions also load offline).
  const playKey = `${src}|${vttUrl ?? ''}`;
  const [playable, setPlayable] = useState<Playable | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const made: string[] = [];
    const objectUrl = (blob: Blob) => {
      const address = URL.createObjectURL(blob);
      made.push(address);
      return address;
    };
    const key = `${src}|${vttUrl ?? ''}`;
    Promise.all([
      playableUrl(src, objectUrl),
      vttUrl ? fetchKept(vttUrl).then(objectUrl, () => undefined) : undefined,
    ]).then(
      ([media, track]) => live && setPlayable({ for: key, src: media, track }),
      (error: unknown) =>
        live &&
        setPlayable({ for: key, problem: error instanceof NetworkError || !navigator.onLine ? 'offline' : 'missing' }),
    );
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [src, vttUrl]);
  const current = playable?.for === playKey ? playable : null;
  const ready = current && 'src' in current ? current : null;

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
  }, [syncAudio, lang, ready]);

  return (
    <Dialog open wide onClose={onClose} title={<Trans>Preview: {job.original_filename ?? job.id}</Trans>}>
      <div className="preview stack">
        <div className="row">
          {langs.length > 1 ? (
            <label className="row">
              <span className="label">
                <Trans>Language</Trans>
              </span>
              <select className="select preview-select" value={lang} onChange={(e) => setLang(e.target.value)}>
                {langs.map((l) => (
                  <option key={l} value={l}>
                    {languageLabel(l, i18n)}
                  </option>
                ))}
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
        {ready ? (
          // The subtitle <track> is present whenever the job made subtitles; a voice-over-only job has none.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video
            key={`${ready.src}-${lang}`}
            ref={video}
            className="preview-video"
            controls
            crossOrigin="anonymous"
            muted={syncAudio}
            playsInline
            data-testid="preview-video"
            data-dub={useDub && dubbedVideo ? 'video' : syncAudio ? 'audio' : 'none'}
          >
            <source src={ready.src} />
            {ready.track ? (
              <track kind="subtitles" src={ready.track} srcLang={lang} label={languageLabel(lang, i18n)} default />
            ) : null}
          </video>
        ) : current && 'problem' in current && current.problem === 'offline' ? (
          <p className="muted" role="status" data-testid="preview-offline">
            <Trans>
              You are offline, and this video is not saved on this device. Open the preview again when you are back
              online.
            </Trans>
          </p>
        ) : src && !current ? (
          <p className="muted" role="status" data-testid="preview-loading">
            <Trans>Loading the video...</Trans>
          </p>
        ) : (
          <p className="muted">
            <Trans>The source video is no longer available.</Trans>
          </p>
        )}
        {syncAudio ? (
          // The dubbed track plays in sync with the muted video above, whose <track> carries the captions.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <audio
            key={`${dubbedAudio}-${lang}`}
            ref={audio}
            src={dubbedAudio}
            preload="auto"
            crossOrigin="anonymous"
            data-testid="preview-audio"
          />
        ) : null}
        {/* Audio-only preview: the dub itself is the translation; its words are in the SRT/VTT downloads. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        {!src && dubbedAudio ? <audio controls src={dubbedAudio} crossOrigin="anonymous" /> : null}
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn btn-primary" onClick={onClose} aria-label={t`Close preview`}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Dialog>
  );
}
