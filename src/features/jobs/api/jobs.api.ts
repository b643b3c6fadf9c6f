/** Job history calls (spec section 7) and the files a finished job offers. */
import { apiRequest } from '../../../lib/api-client.ts';
import type { Job, VideoOutput } from '../../../lib/api-types.ts';
import { stripExtension } from '../../../lib/format.ts';

export const deleteJob = (id: string) =>
  apiRequest<{ statusCode: number }>(`/v1/jobs/${encodeURIComponent(id)}`, { method: 'DELETE', fallbackMessage: 'Failed to delete job' });

/** Raised when a job cannot be retried; the message is the spec's. */
export class RetryRefusedError extends Error {}

/**
 * Resubmits a job with its original source file URL; the source language defaults to 'auto' (spec section 4).
 * @throws RetryRefusedError 'Unable to retry: missing job data' without a source file URL.
 */
export function retryJob(job: Job): Promise<Job> {
  if (!job.source_file_url || job.target_languages.length === 0) throw new RetryRefusedError('Unable to retry: missing job data');
  const source_language = job.source_language || 'auto';
  if (job.job_type === 'document_translation') {
    return apiRequest<Job>('/v1/documents/translate', {
      method: 'POST',
      json: { media_url: job.source_file_url, source_language, target_languages: job.target_languages, services_to_run: ['document'] },
      fallbackMessage: 'Failed to start document translation job',
    });
  }
  return apiRequest<Job>('/v1/jobs/translate', {
    method: 'POST',
    json: {
      media_url: job.source_file_url,
      source_language,
      target_languages: job.target_languages,
      services_to_run: job.services_requested.filter((s) => s !== 'document'),
      voice_over_mode: job.voice_over_mode ?? 'dubbing',
    },
    fallbackMessage: 'Failed to start translation job',
  });
}

export interface OutputFile {
  lang: string;
  /** 'srt' | 'vtt' | 'mp3' | 'mp4' | 'docx' | ... */
  ext: string;
  kind: 'subtitle' | 'voice_over' | 'video' | 'document';
  url: string;
  /** Download name (spec section 9): {name}_{lang}.vtt / .mp3, documents {name without extension}__{lang}.{ext}. */
  filename: string;
}

/** Every downloadable file of a job, per target language, with the spec's file names (fallback job_{id}). */
export function outputFilesOf(job: Job): OutputFile[] {
  const files: OutputFile[] = [];
  const base = job.original_filename ? stripExtension(job.original_filename) : `job_${job.id}`;
  for (const [lang, entry] of Object.entries(job.output_files ?? {})) {
    if (!entry) continue;
    if (job.job_type === 'document_translation') {
      for (const [key, url] of Object.entries(entry as Record<string, string>)) {
        if (!key.endsWith('_url') || typeof url !== 'string') continue;
        const ext = key.slice(0, -4);
        files.push({ lang, ext, kind: 'document', url, filename: `${base}__${lang}.${ext}` });
      }
      continue;
    }
    const video = entry as VideoOutput;
    if (video.subtitle?.srt_url) files.push({ lang, ext: 'srt', kind: 'subtitle', url: video.subtitle.srt_url, filename: `${base}_${lang}.srt` });
    if (video.subtitle?.vtt_url) files.push({ lang, ext: 'vtt', kind: 'subtitle', url: video.subtitle.vtt_url, filename: `${base}_${lang}.vtt` });
    if (video.voice_over?.voice_over_url) files.push({ lang, ext: 'mp3', kind: 'voice_over', url: video.voice_over.voice_over_url, filename: `${base}_${lang}.mp3` });
    if (video.voice_over?.video_url) files.push({ lang, ext: 'mp4', kind: 'video', url: video.voice_over.video_url, filename: `${base}_${lang}.mp4` });
  }
  return files;
}

const DOWNLOAD_CACHE = 'tarjama-downloads';

/** Cache key of a signed URL: the same file under a fresh signature is the same entry. */
function cacheKey(url: string): string {
  const u = new URL(url, location.href);
  return u.origin + u.pathname;
}

/**
 * Fetches a finished file (CORS) and saves it under `filename`. The file is also kept in Cache Storage so it
 * opens offline later. @throws Error when neither the network nor the cache has it.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(url, { mode: 'cors' });
    if (!response.ok) throw new Error(`Download failed with status: ${response.status}`);
    if ('caches' in window) {
      const cache = await caches.open(DOWNLOAD_CACHE);
      await cache.put(cacheKey(url), response.clone()).catch(() => undefined);
    }
    blob = await response.blob();
  } catch (error) {
    const cached = 'caches' in window ? await caches.match(cacheKey(url), { ignoreSearch: true }) : undefined;
    if (!cached) throw error;
    blob = await cached.blob();
  }
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
