import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { signedUrlOf } from '../../../lib/api-client.ts';
import { createWaveform, type Waveform } from '../../../lib/waveform.ts';
import { formatTime } from '../rows.ts';
import { useProTools } from '../pro-store.ts';
import { useEditorStore } from '../store.ts';
import { speakerColour, withAlpha } from '../speakers.ts';
import { ZoomControls } from './zoom-controls.tsx';

interface MediaPanelProps {
  url: string;
  audioOnly: boolean;
  mediaRef: RefObject<HTMLVideoElement | null>;
  /** Cues of the timing track: one region each. */
  cues: readonly TrackCue[];
  warned: ReadonlySet<string>;
  onRegionChange: (id: string, start: number, end: number) => void;
  onRegionClick: (id: string) => void;
  togglePlay: () => void;
  /** Drawn over the video (the caption of the playing cue). */
  overlay?: ReactNode;
}

/** The job's media with the waveform and one region per cue under it; the playhead feeds the store. */
export function MediaPanel(props: MediaPanelProps) {
  const { url, audioOnly, mediaRef, cues, warned, onRegionChange, onRegionClick, togglePlay, overlay } = props;
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const waveform = useRef<Waveform | null>(null);
  const activeId = useEditorStore((s) => s.activeId);
  const time = useEditorStore((s) => s.time);
  const setTime = useEditorStore((s) => s.setTime);
  const zoom = useProTools((s) => s.zoom);
  const lastEnd = cues.at(-1)?.end ?? 0;

  // The job's file is an API path that needs the bearer token: the player and the waveform get its signed URL.
  const [signed, setSigned] = useState<{ for: string; url: string } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    signedUrlOf(url).then(
      (resolved) => live && setSigned({ for: url, url: resolved }),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const mediaUrl = signed?.for === url ? signed.url : null;

  useEffect(() => {
    const media = mediaRef.current;
    if (!media || !container.current || !mediaUrl) return;
    const wf = createWaveform({
      container: container.current,
      media,
      url: mediaUrl,
      fallbackDuration: lastEnd + 1,
      onRegionChange,
      onRegionClick,
    });
    waveform.current = wf;
    const onTime = () => setTime(media.currentTime);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('seeked', onTime);
    return () => {
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('seeked', onTime);
      waveform.current = null;
      wf.destroy();
    };
    // The waveform is made once per file; cue changes go through setRegions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mediaUrl, mediaRef, setTime, onRegionChange, onRegionClick]);

  useEffect(() => {
    waveform.current?.setRegions(
      cues.map((c) => ({
        id: c.id,
        start: c.start,
        end: c.end,
        label: c.text.split('\n')[0].slice(0, 40),
        active: c.id === activeId,
        warned: warned.has(c.id),
        colour: speakerColour(c.speaker) && withAlpha(speakerColour(c.speaker)!, 0.22),
      })),
    );
    // mediaUrl: a new waveform (made when the signed URL arrives) gets the regions at once.
  }, [cues, activeId, warned, mediaUrl]);

  // mediaUrl: a new waveform gets the zoom chosen before.
  useEffect(() => waveform.current?.zoom(zoom), [zoom, mediaUrl]);

  return (
    <section className="media-panel" aria-label={t`Player and timeline`}>
      {/* The cue list beside the player is the text of what is said; a caption track would repeat it. */}
      <div className="media-frame">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={mediaRef}
          className={audioOnly ? 'editor-media editor-audio' : 'editor-media'}
          controls
          playsInline
          crossOrigin="anonymous"
          preload="auto"
          data-testid="editor-media"
        />
        {audioOnly ? null : overlay}
      </div>
      {unavailable ? (
        <p className="small muted" data-testid="media-unavailable">
          <Trans>The source video is no longer available.</Trans>
        </p>
      ) : null}
      <div className="transport">
        <button type="button" className="btn btn-outline btn-sm" onClick={togglePlay} aria-keyshortcuts="Space">
          <Trans>Play / pause</Trans>
        </button>
        <span className="playhead" dir="ltr" data-testid="playhead">
          {formatTime(time)}
        </span>
        <ZoomControls />
      </div>
      <div className="waveform" dir="ltr" ref={container} data-testid="waveform" data-zoom={zoom} />
    </section>
  );
}
