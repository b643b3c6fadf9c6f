import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import type { Job } from '../../../lib/api-types.ts';
import { downloadFile, outputFilesOf, type OutputFile } from '../api/jobs.api.ts';

/** Download: one entry per output file; a failed fetch opens the URL in a new tab (spec section 8). */
export function DownloadMenu({ job }: { job: Job }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const files = outputFilesOf(job);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  if (files.length === 0) return null;

  const label = (f: OutputFile) => {
    const kinds: Record<string, string> = { srt: t`Subtitles (SRT)`, vtt: t`Subtitles (VTT)`, mp3: t`Voice-over (MP3)`, mp4: t`Dubbed video (MP4)` };
    return `${f.lang.toUpperCase()} · ${kinds[f.ext] ?? f.ext.toUpperCase()}`;
  };
  const start = async (file: OutputFile) => {
    setOpen(false);
    const isDocument = job.job_type === 'document_translation';
    toast({ title: t`Starting Download`, description: isDocument ? t`Your document will begin downloading.` : t`Your file ${file.filename} will begin downloading.` });
    try {
      await downloadFile(file.url, file.filename);
    } catch {
      toast({ title: t`Download Failed`, description: t`Could not download the file. Opening in a new tab as a fallback.`, variant: 'destructive' });
      window.open(file.url, '_blank', 'noopener');
    }
  };

  return (
    <div className="download-menu" ref={ref}>
      <button type="button" className="btn btn-outline btn-sm" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 4v12M7 11l5 5 5-5M5 20h14" /></svg>
        <Trans>Download</Trans>
      </button>
      {open ? (
        <div className="menu" role="menu">
          {files.map((f) => (
            <button key={f.url} type="button" role="menuitem" className="menu-item" onClick={() => void start(f)} data-ext={f.ext} data-lang={f.lang}>
              {label(f)}
              <span className="menu-item-sub" dir="ltr">{f.filename}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
