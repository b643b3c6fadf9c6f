/**
 * The render graph (issue 36 item 1): every media output of a job is a render of one tracks revision, declared
 * here once by what it reads. An output's inputs fingerprint (inputsHashOf) is stored with it (job_outputs
 * inputs_hash, revision); after a save, an output whose fingerprint over the new revision differs is stale and
 * is rendered again on its render path, and an output whose fingerprint is unchanged is the render of the new
 * revision as it stands (nothing re-rendered). The first run, an editor save, a restore, a translate-again, the
 * free picture run and a re-dub all stamp their outputs with this one function, so no path can leave an output
 * marked current while it renders an older text. Pure: no I/O.
 */
import { createHash } from 'node:crypto';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type { MediaOutputKind, OutputKind } from '../../../../contract/jobs.ts';
import type { StoredTracks } from '../../db/schema/index.ts';

/** What of the job (not of its tracks) an output reads: the options a render depends on. */
export interface RenderOptions {
  /** subtitle_style.bilingual: the burnt-in video also shows the source cues. */
  bilingual: boolean;
}

/** A cue as a render reads it: times (seconds), text and speaker id. */
const cueInputs = (cues: StoredTracks['source']['cues'] | undefined) =>
  (cues ?? []).map((c) => [c.start, c.end, c.text, c.speaker ?? null]);

/**
 * The inputs an output of `kind` in `language` reads from `tracks`: SRT the target cues (speaker ids give the
 * dashes of a two-speaker cue); VTT also the speakers' names (its voice tags); the burnt-in video the target cues
 * and, bilingual, the source cues; a dub output the target cues and each speaker's voice for the language.
 */
export function inputsOf(
  kind: MediaOutputKind,
  language: string,
  tracks: StoredTracks,
  options: RenderOptions,
): unknown {
  const lang = normaliseLanguage(language);
  const cues = cueInputs(tracks.targets[lang]?.cues);
  const speakers = tracks.speakers ?? [];
  switch (kind) {
    case 'subtitle_srt':
      return { cues };
    case 'subtitle_vtt':
      return { cues, names: speakers.map((s) => [s.id, s.name]) };
    case 'subtitled_mp4':
      return {
        cues,
        source: options.bilingual && lang !== tracks.source.language ? cueInputs(tracks.source.cues) : null,
      };
    case 'voice_over_mp3':
    case 'voice_over_mp4':
    case 'voice_over_srt':
    case 'voice_over_vtt':
      return { cues, voices: speakers.map((s) => [s.id, s.voices[lang] ?? null]) };
  }
}

/** SHA-256 (hex) of inputsOf: equal fingerprints render equal files. */
export function inputsHashOf(
  kind: MediaOutputKind,
  language: string,
  tracks: StoredTracks,
  options: RenderOptions,
): string {
  return createHash('sha256')
    .update(JSON.stringify(inputsOf(kind, language, tracks, options)))
    .digest('hex');
}

/** A stored output as the graph sees it. */
export interface RenderedOutput {
  kind: OutputKind;
  language: string;
  inputsHash: string | null;
}

/**
 * Whether `output` must be rendered again for `tracks`: its fingerprint differs. An output stored before the graph
 * has no fingerprint: it is taken as the render of `rendered` (the revision it was last written from: the one
 * before the save). Documents never are stale.
 */
export function isStale(
  output: RenderedOutput,
  tracks: StoredTracks,
  options: RenderOptions,
  rendered: StoredTracks,
): boolean {
  if (output.kind === 'document') return false;
  const had = output.inputsHash ?? inputsHashOf(output.kind, output.language, rendered, options);
  return had !== inputsHashOf(output.kind, output.language, tracks, options);
}

/** The render options of a job row (its request's subtitle style). */
export function renderOptionsOf(job: { subtitleStyle: { bilingual?: boolean } | null }): RenderOptions {
  return { bilingual: job.subtitleStyle?.bilingual === true };
}
