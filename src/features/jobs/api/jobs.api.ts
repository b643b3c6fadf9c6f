/** Job history calls (spec section 7) and the files a finished job offers. */
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import {
  OUTPUT_PLACES,
  RENDER_PATHS,
  type JobResponse,
  type MediaOutputEntry,
  type OutputKind,
  type RenderPath,
} from '../../../../contract/jobs.ts';
import { callApi } from '../../../lib/api-client.ts';
import { stripExtension } from '../../../lib/format.ts';

export const deleteJob = (id: string) => callApi(ENDPOINTS.deleteJob, { params: { id } });

/** Raised when a job cannot be retried; the message is the spec's. */
export class RetryRefusedError extends Error {}

/**
 * Resubmits a job with its original source file URL; the source language defaults to 'auto' (spec section 4).
 * @throws RetryRefusedError 'Unable to retry: missing job data' without a source file URL or target language.
 * @throws ApiError when the server refuses it (PAYMENT_REQUIRED, UPLOAD_EXPIRED...).
 */
export function retryJob(job: JobResponse): Promise<JobResponse> {
  if (!job.source_file_url || job.target_languages.length === 0)
    throw new RetryRefusedError('Unable to retry: missing job data');
  const source_language = job.source_language || 'auto';
  if (job.job_type === 'document_translation') {
    return callApi(ENDPOINTS.translateDocument, {
      body: {
        media_url: job.source_file_url,
        source_language,
        target_languages: job.target_languages,
        services_to_run: ['document'],
      },
    });
  }
  return callApi(ENDPOINTS.translate, {
    body: {
      media_url: job.source_file_url,
      source_language,
      target_languages: job.target_languages,
      services_to_run: job.services_requested.filter((s) => s !== 'document'),
      voice_over_mode: job.voice_over_mode ?? 'dubbing',
    },
  });
}

/** The file extension of each media output kind, in the order the download menu lists them. */
const MEDIA_EXTENSIONS: Record<Exclude<OutputKind, 'document'>, string> = {
  subtitle_srt: 'srt',
  subtitle_vtt: 'vtt',
  voice_over_mp3: 'mp3',
  voice_over_mp4: 'mp4',
  voice_over_srt: 'srt',
  voice_over_vtt: 'vtt',
  subtitled_mp4: 'mp4',
};

/**
 * Files that would share a name are named apart: subtitles timed to the dubbed MP4 ("Keep voices natural")
 * `{name}_{lang}_dubbed.vtt`, and the video with subtitles burnt in `{name}_{lang}_subtitled.mp4` beside the
 * dubbed `{name}_{lang}.mp4` (issue 38 item 4: both downloaded as jfk_es.mp4; the server names it so too).
 */
const NAME_SUFFIX: Partial<Record<OutputKind, string>> = {
  voice_over_srt: '_dubbed',
  voice_over_vtt: '_dubbed',
  subtitled_mp4: '_subtitled',
};

export interface OutputFile {
  lang: string;
  /** 'srt' | 'vtt' | 'mp3' | 'mp4' | 'docx' | ... */
  ext: string;
  kind: OutputKind;
  url: string;
  /** Download name (spec section 9): {name}_{lang}.vtt / .mp3, documents {name without extension}__{lang}.{ext}. */
  filename: string;
  /**
   * Set when the file renders an older tracks revision than the job's latest (render graph, issue 36): the revision
   * it renders and how it is brought up to date (`picture`: its render run is on the way; `voice`: a re-dub).
   */
  stale?: { revision: number | null; path: RenderPath };
}

/** Every downloadable file of a job, per target language, with the spec's file names (fallback job_{id}). */
export function outputFilesOf(job: JobResponse): OutputFile[] {
  const files: OutputFile[] = [];
  const base = job.original_filename ? stripExtension(job.original_filename) : `job_${job.id}`;
  for (const [lang, entry] of Object.entries(job.output_files)) {
    if (job.job_type === 'document_translation') {
      for (const [key, url] of Object.entries(entry as Record<string, string>)) {
        if (!key.endsWith('_url') || typeof url !== 'string') continue;
        const ext = key.slice(0, -4);
        files.push({ lang, ext, kind: 'document', url, filename: `${base}__${lang}.${ext}` });
      }
      continue;
    }
    const media = entry as MediaOutputEntry;
    for (const [kind, ext] of Object.entries(MEDIA_EXTENSIONS) as Array<[keyof typeof MEDIA_EXTENSIONS, string]>) {
      const [group, field] = OUTPUT_PLACES[kind];
      const url = (media[group] as Record<string, string | undefined> | undefined)?.[field];
      if (url) files.push({ lang, ext, kind, url, filename: `${base}_${lang}${NAME_SUFFIX[kind] ?? ''}.${ext}` });
    }
  }
  // Stale renders are not in output_files: they are offered after the current files, as what they are.
  for (const o of job.outputs ?? []) {
    if (!o.stale || o.kind === 'document') continue;
    const ext = MEDIA_EXTENSIONS[o.kind];
    files.push({
      lang: o.language,
      ext,
      kind: o.kind,
      url: o.url,
      filename: `${base}_${o.language}${NAME_SUFFIX[o.kind] ?? ''}.${ext}`,
      stale: { revision: o.revision, path: RENDER_PATHS[o.kind] },
    });
  }
  return files;
}

const DOWNLOAD_CACHE = 'tarjama-downloads';

/**
 * Cache key of a signed URL: its origin and path, without the query (the signature and expiry change on every
 * job-list read; the file's path does not). One entry per file, replaced by each download from the network, so the
 * kept copy is the newest one (issue 22 item 2). The service worker keys the same way (vite.config.ts).
 */
function cacheKey(url: string): string {
  const u = new URL(url, location.href);
  return u.origin + u.pathname;
}

/** The copy of a finished file kept on this device (Cache Storage), or undefined when it was never saved here. */
export async function keptFile(url: string): Promise<Blob | undefined> {
  if (!('caches' in window)) return undefined;
  // An exact match on the one entry of this file: never an older copy stored under another signature.
  const cached = await caches
    .open(DOWNLOAD_CACHE)
    .then((cache) => cache.match(cacheKey(url)))
    .catch(() => undefined);
  return cached ? cached.blob() : undefined;
}

/**
 * Fetches a finished file (CORS) and keeps it in Cache Storage so it opens offline later; without the network
 * the kept copy is returned. @throws Error when neither the network nor the cache has it.
 */
export async function fetchKept(url: string): Promise<Blob> {
  try {
    const response = await fetch(url, { mode: 'cors' });
    if (!response.ok) throw new Error(`Download failed with status: ${response.status}`);
    if ('caches' in window) {
      const cache = await caches.open(DOWNLOAD_CACHE);
      await cache.put(cacheKey(url), response.clone()).catch(() => undefined);
    }
    return await response.blob();
  } catch (error) {
    const kept = await keptFile(url);
    if (!kept) throw error;
    return kept;
  }
}

/**
 * Fetches a finished file (see fetchKept) and saves it under `filename`.
 * @throws Error when neither the network nor the cache has it.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const blob = await fetchKept(url);
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
