import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';
import { AUTO_LANGUAGE, normaliseLanguage } from '../../../../contract/languages.ts';
import { getUpload } from '../../../lib/db.ts';
import { ERROR_MESSAGES } from '../../../lib/error-messages.ts';
import { previewLines } from '../../../lib/preview-style.ts';
import { PreviewLineText } from '../../../components/preview-line-text.tsx';
import { sampleLine } from '../sample-lines.ts';
import { useStudioStore } from '../store.ts';
import './subtitle-preview.css';

interface SubtitlePreviewProps {
  /** The selected upload (a YouTube link has none: the preview then has a plain background). */
  uploadId?: string;
  /** The upload's content type: audio/* has no picture to burn into. */
  contentType?: string;
  style: SubtitleStyle;
  /** The job's source language ('auto' allowed) and targets: the sample is in the first target. */
  source: string;
  targets: string[];
}

type Picture = { width: number; height: number } | 'audio' | null;

/**
 * The burned-in subtitle style on a frame of the chosen video (issue 13): the file picked on this page, or the
 * copy kept on the device after a reload, paused at a third of its length (at most 1 s into a short one), with a
 * sample line in the first target language drawn as the server's burn-in will draw it (preview-style.ts). Audio
 * only: the sentence that burned subtitles need a video (the server refuses them with BURN_IN_NEEDS_VIDEO).
 */
export function SubtitlePreview({ uploadId, contentType, style, source, targets }: SubtitlePreviewProps) {
  const { i18n } = useLingui();
  const file = useDeviceFile(uploadId);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // The element plays the file from an object URL for as long as it is shown.
    const el = video.current;
    if (!el || !file) return;
    const url = URL.createObjectURL(file);
    el.src = url;
    return () => {
      el.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);
  const [picture, setPicture] = useState<Picture>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setHeight(entry.contentRect.height));
    observer.observe(el);
    return () => observer.disconnect();
  }, [picture]);

  if (contentType?.startsWith('audio/') || picture === 'audio') {
    return (
      <p className="muted small" data-testid="style-preview-audio">
        {i18n._(ERROR_MESSAGES.BURN_IN_NEEDS_VIDEO)}
      </p>
    );
  }

  const targetLanguage = targets[0] ?? i18n.locale;
  const sourceLanguage = source === AUTO_LANGUAGE || !source ? i18n.locale : source;
  const lines = previewLines(style, height, picture?.height);
  // The server leaves the source line out when the target is the source language (captions).
  const showSource = normaliseLanguage(targetLanguage) !== normaliseLanguage(sourceLanguage);
  return (
    <figure className="subtitle-preview" data-testid="style-preview">
      <div
        className="subtitle-preview-frame"
        ref={frame}
        style={picture ? { aspectRatio: `${picture.width} / ${picture.height}` } : undefined}
      >
        {file ? (
          <video
            ref={video}
            muted
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            onLoadedMetadata={(e) => {
              const v = e.currentTarget;
              if (!v.videoWidth || !v.videoHeight) return setPicture('audio');
              setPicture({ width: v.videoWidth, height: v.videoHeight });
              const d = Number.isFinite(v.duration) ? v.duration : 0;
              v.currentTime = d > 3 ? d / 3 : Math.min(1, d / 2);
            }}
          />
        ) : null}
        {height > 0 ? (
          <>
            <PreviewLineText
              line={lines.target}
              text={sampleLine(targetLanguage)}
              lang={targetLanguage}
              testId="preview-target"
            />
            {lines.source && showSource ? (
              <PreviewLineText
                line={lines.source}
                text={sampleLine(sourceLanguage)}
                lang={sourceLanguage}
                testId="preview-source"
              />
            ) : null}
          </>
        ) : null}
      </div>
      <figcaption className="muted small">
        {file ? <Trans>Preview on a frame of your video</Trans> : <Trans>Preview on a plain background</Trans>}
      </figcaption>
    </figure>
  );
}

/** The file of `uploadId` picked on this page, else the copy the upload worker kept on the device, else null. */
function useDeviceFile(uploadId: string | undefined): Blob | null {
  const picked = useStudioStore((s) => (uploadId ? s.localFiles[uploadId] : undefined));
  const [kept, setKept] = useState<{ id: string; blob: Blob | null } | null>(null);
  useEffect(() => {
    if (!uploadId || picked) return;
    let live = true;
    getUpload(uploadId).then(
      (record) => live && setKept({ id: uploadId, blob: record?.blob ?? null }),
      () => live && setKept({ id: uploadId, blob: null }),
    );
    return () => {
      live = false;
    };
  }, [uploadId, picked]);
  return picked ?? (kept && kept.id === uploadId ? kept.blob : null);
}
