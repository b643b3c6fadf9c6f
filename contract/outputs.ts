/**
 * A job's outputs: their kinds, how each is rendered again after an edit (the render graph, issue 36), where each
 * sits in a job's `output_files`, and the entry of `outputs` that carries the revision a file renders.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';

/** Kinds of output files (one row each per job and target language). */
export const OUTPUT_KINDS = [
  'subtitle_srt',
  'subtitle_vtt',
  'voice_over_mp3',
  'voice_over_mp4',
  // "Keep voices natural" (issue 20 item 3): the subtitles timed to the dubbed MP4's slowed timeline.
  'voice_over_srt',
  'voice_over_vtt',
  'subtitled_mp4',
  'document',
] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** Media output kinds (a document is rendered once, from its upload: it has no tracks). */
export type MediaOutputKind = Exclude<OutputKind, 'document'>;

/**
 * How a stale output is rendered again:
 * - `text`: written at once by the save itself (SRT, VTT: milliseconds, free);
 * - `picture`: by the worker's render run, queued by the save (the video with subtitles burnt in: free, re-encodes
 *   only the spans whose cues changed);
 * - `voice`: by a re-dub, which the user starts and pays for (the dubbed MP3 and MP4, and the subtitles timed to a
 *   slowed MP4 of "Keep voices natural", whose timeline the dub decides).
 */
export type RenderPath = 'text' | 'picture' | 'voice';

/** The render path of every media output kind (one place: a new kind that is not declared fails the type check). */
export const RENDER_PATHS = {
  subtitle_srt: 'text',
  subtitle_vtt: 'text',
  subtitled_mp4: 'picture',
  voice_over_mp3: 'voice',
  voice_over_mp4: 'voice',
  voice_over_srt: 'voice',
  voice_over_vtt: 'voice',
} as const satisfies Record<MediaOutputKind, RenderPath>;

/**
 * Where each media output kind sits in a job's `output_files[language]` entry: `[group, field]`, for example
 * subtitle_vtt -> `subtitle.vtt_url` (spec section 3). A document output is `<ext>_url` at the entry's top level.
 */
export const OUTPUT_PLACES = {
  subtitle_vtt: ['subtitle', 'vtt_url'],
  subtitle_srt: ['subtitle', 'srt_url'],
  voice_over_mp3: ['voice_over', 'voice_over_url'],
  voice_over_mp4: ['voice_over', 'video_url'],
  voice_over_srt: ['voice_over', 'srt_url'],
  voice_over_vtt: ['voice_over', 'vtt_url'],
  subtitled_mp4: ['subtitle', 'burned_url'],
} as const satisfies Record<Exclude<OutputKind, 'document'>, readonly [string, string]>;

/** URLs of one target language's media outputs (signed, expiring). */
export const MediaOutputEntry = v.object({
  subtitle: v.optional(
    v.object({
      vtt_url: v.optional(v.string()),
      srt_url: v.optional(v.string()),
      /** burned_subtitles: the video with the subtitles in the picture. */
      burned_url: v.optional(v.string()),
    }),
  ),
  voice_over: v.optional(
    v.object({
      voice_over_url: v.optional(v.string()),
      video_url: v.optional(v.string()),
      /** keep_voices_natural: the subtitles timed to the dubbed MP4 (longer than the input when slowed). */
      srt_url: v.optional(v.string()),
      vtt_url: v.optional(v.string()),
    }),
  ),
});
export type MediaOutputEntry = v.InferOutput<typeof MediaOutputEntry>;

/**
 * One output of a job as the render graph keeps it (issue 36): the tracks revision it renders and whether a later
 * revision changed what it reads (`stale`: its render run is queued, or, for a dub, a re-dub renders it). A stale
 * output is never in `output_files`; its `url` is the file of `revision` (the previous render), offered as such.
 */
export const JobOutput = v.object({
  language: v.string(),
  kind: v.picklist(OUTPUT_KINDS),
  /** Download name (spec section 9). */
  filename: v.string(),
  /** The tracks revision the file renders; null for a document. */
  revision: v.nullable(finiteNumber()),
  stale: v.boolean(),
  /** Signed, expiring download URL of this file. */
  url: v.string(),
});
export type JobOutput = v.InferOutput<typeof JobOutput>;

/** URLs of one target language's translated document: `{ docx_url: '...' }` (the key's prefix is the extension). */
export const DocumentOutputEntry = v.record(v.pipe(v.string(), v.endsWith('_url')), v.string());
export type DocumentOutputEntry = v.InferOutput<typeof DocumentOutputEntry>;
