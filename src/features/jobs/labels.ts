/**
 * Labels of the job vocabulary (contract/jobs.ts), each a Record over its union: a stage, status, output kind or
 * note code added to the contract without a label here fails the type check, so no raw English value reaches the
 * Arabic UI.
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { JobNote, JobNoteCode, JobResponse, JobStage, JobStatus, OutputKind } from '../../../contract/jobs.ts';
import { languageLabel } from '../../config/languages.ts';

/** What a running job is doing (the worker's steps, the media pipeline's stages, the document translation). */
export const STAGE_LABELS: Record<JobStage, MessageDescriptor> = {
  starting: msg`Starting`,
  fetching: msg`Fetching the file`,
  probe: msg`Reading the media`,
  transcribe: msg`Recognising speech`,
  speakers: msg`Telling the speakers apart`,
  cues: msg`Cutting subtitles`,
  translate: msg`Translating`,
  subtitles: msg`Writing subtitles`,
  voice_over: msg`Synthesising the voice-over`,
  finalize: msg`Finishing`,
  translating: msg`Translating the document`,
  storing: msg`Saving the results`,
  retrying: msg`Retrying`,
  done: msg`Done`,
  failed: msg`Failed`,
};

/** Status badges (spec section 4): queued outline, processing blue, completed green, failed destructive. */
export const STATUS_BADGES: Record<JobStatus, { className: string; label: MessageDescriptor }> = {
  queued: { className: 'badge-outline', label: msg`Queued` },
  processing: { className: 'badge-blue', label: msg`Processing` },
  completed: { className: 'badge-green', label: msg`Completed` },
  failed: { className: 'badge-red', label: msg`Failed` },
  canceled: { className: 'badge-outline', label: msg`Canceled` },
};

/** Download menu entries; a document is named by its extension ({ext}). */
export const OUTPUT_LABELS: Record<OutputKind, MessageDescriptor> = {
  subtitle_srt: msg`Subtitles (SRT)`,
  subtitle_vtt: msg`Subtitles (VTT)`,
  voice_over_mp3: msg`Voice-over (MP3)`,
  voice_over_mp4: msg`Dubbed video (MP4)`,
  voice_over_srt: msg`Subtitles of the dubbed video (SRT)`,
  voice_over_vtt: msg`Subtitles of the dubbed video (VTT)`,
  subtitled_mp4: msg`Video with subtitles (MP4)`,
  document: msg`Translated document ({ext})`,
};

/** A job note's params besides its language: counts and seconds some notes name. */
type NoteParams = NonNullable<JobNote['params']>;
const count = (params: NoteParams, key: string) => (typeof params[key] === 'number' ? params[key] : 0);

/** A job note in the user's language, with the language it names. */
const NOTE_TEXT: Record<JobNoteCode, (language: string, params: NoteParams) => MessageDescriptor> = {
  LANGUAGE_ASSUMED: (language) =>
    msg`The source language was assumed to be ${language}: the speech service cannot detect the language.`,
  LANGUAGE_DETECTED: (language) => msg`Detected source language: ${language}.`,
  OWN_SUBTITLES_USED: (language) =>
    msg`Your subtitles in ${language} were used as the source: no speech recogniser ran.`,
  TRANSCRIPT_SYNCED: (language) =>
    msg`Your ${language} transcript was timed to the speech by auto-sync: no speech recogniser ran.`,
  VOICE_OVER_RUSHED: (language, params) => {
    const cut = count(params, 'cut_seconds');
    const rushed = count(params, 'segments');
    if (!rushed)
      return msg`${language} voice-over: its last ${cut} s of voice ran past the end of the media and were cut. Shorten the last lines in the editor and re-dub.`;
    return cut > 0
      ? msg`${language} voice-over: ${plural(rushed, { one: '# sentence was longer than its time', other: '# sentences were longer than their time' })} and sped up, and ${cut} s of voice ran past the end of the media and were cut. Shorten them in the editor and re-dub.`
      : msg`${language} voice-over: ${plural(rushed, { one: '# sentence was longer than its time', other: '# sentences were longer than their time' })} and sped up beyond 1.25x. Shorten them in the editor and re-dub.`;
  },
  VIDEO_SLOWED: (language, params) => {
    const seconds = count(params, 'seconds');
    return msg`${language} dubbed video: slowed where the voice needed more time, so it is ${seconds} s longer than the original. The MP3 keeps the original length.`;
  },
  VOICE_CLONE_SKIPPED: (_language, params) =>
    msg`Speaker ${String(params.speaker ?? '')} speaks for only ${count(params, 'seconds')} s, too little to clone their voice: a regular voice dubbed them.`,
  SPEECH_ENGINE_FALLBACK: (language) =>
    msg`The main speech recogniser could not be used, so a backup recogniser transcribed the ${language} speech: its words may be less accurate.`,
  GLOSSARY_TERMS_MISSING: (language, params) =>
    msg`${language}: ${plural(count(params, 'paragraphs'), { one: '# paragraph lacks', other: '# paragraphs lack' })} the translation your glossary asks for.`,
};

/** The sentence of a job note (its `language` param named in the interface language). */
export function noteText(note: JobNote, i18n: I18n): string {
  const code = note.params?.language;
  const language = typeof code === 'string' ? languageLabel(code, i18n) : i18n._(msg`an unknown language`);
  return i18n._(NOTE_TEXT[note.code](language, note.params ?? {}));
}

/**
 * The job's source language as settled: for 'auto', the language its notes name once the job detected, assumed
 * or was given it (LANGUAGE_DETECTED, LANGUAGE_ASSUMED, OWN_SUBTITLES_USED, TRANSCRIPT_SYNCED); 'auto' until
 * then (issue 22 item 12: a row kept saying "Auto-detect -> Spanish").
 */
export function settledSource(job: Pick<JobResponse, 'source_language' | 'notes'>): string {
  const source = job.source_language || 'auto';
  if (source !== 'auto') return source;
  const named = job.notes.find((n) => typeof n.params?.language === 'string')?.params?.language;
  return typeof named === 'string' ? named : source;
}

/**
 * Extensions of sound-only media (the upload field takes audio/* and video/*): a job of one is an audio job
 * (issue 38 item 4: audio jobs were labelled "Video translation"). A YouTube link or an unknown name is video.
 */
const AUDIO_EXTENSIONS = new Set([
  'mp3',
  'wav',
  'm4a',
  'aac',
  'flac',
  'ogg',
  'oga',
  'opus',
  'wma',
  'aif',
  'aiff',
  'amr',
]);

/** What a job's row calls its type: 'audio' or 'video' for a media job (by its file's extension), else 'document'. */
export function jobKindOf(job: Pick<JobResponse, 'job_type' | 'original_filename'>): 'audio' | 'video' | 'document' {
  if (job.job_type === 'document_translation') return 'document';
  const ext = /\.([a-z0-9]+)$/i.exec(job.original_filename ?? '')?.[1]?.toLowerCase();
  return ext && AUDIO_EXTENSIONS.has(ext) ? 'audio' : 'video';
}

/** The row's type label of each job kind (jobKindOf). */
export const JOB_KIND_LABELS: Record<ReturnType<typeof jobKindOf>, MessageDescriptor> = {
  audio: msg`Audio translation`,
  video: msg`Video translation`,
  document: msg`Document translation`,
};
