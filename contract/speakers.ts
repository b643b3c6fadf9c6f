/**
 * Speakers in the tracks (issue 19 items 2-4): who says each cue, the speakers' names and the voice each speaker is
 * dubbed with per target language. The pipeline names speakers `S1`, `S2` … in order of first appearance (the
 * speakers stage); their default display name is "Speaker 1", "Speaker 2" …; the editor renames, merges and
 * re-voices them (PUT /v1/jobs/{id}/tracks).
 */
import * as v from 'valibot';

/** Most speakers a job's tracks hold (the studio's "Speakers" choice goes up to 8; merges only lower it). */
export const MAX_SPEAKERS = 8;

/** A speaker id: `S1` … as the pipeline names them (the editor keeps them; a moved cue takes another's id). */
export const SpeakerId = v.pipe(
  v.string('a speaker id is required'),
  v.regex(/^S[1-9]\d?$/, 'a speaker id is S1, S2 …'),
);

/**
 * One speaker of a job: `id` (`S1` …), display `name` (1-60 characters: "Speaker 1" until the user renames it),
 * `voices`: per target language (base code) the voice's API id `<engine>:<voice>` (GET /v1/capabilities; an
 * espeak-ng voice may carry its pitch, e.g. `espeak-ng:es+m3@38`, espeak's -p 0-99).
 */
export const TrackSpeaker = v.object({
  id: SpeakerId,
  name: v.pipe(
    v.string('a speaker name is required'),
    v.trim(),
    v.minLength(1, 'a speaker name is required'),
    v.maxLength(60, 'a speaker name holds at most 60 characters'),
  ),
  voices: v.record(v.string(), v.pipe(v.string(), v.maxLength(100))),
});
export type TrackSpeaker = v.InferOutput<typeof TrackSpeaker>;

/** The speakers of a job's tracks (empty or absent: one speaker, no diarization). */
export const TrackSpeakers = v.pipe(
  v.array(TrackSpeaker),
  v.maxLength(MAX_SPEAKERS, `a job has at most ${MAX_SPEAKERS} speakers`),
);

/**
 * "Speaker" in the languages a subtitle file is written in; others fall back to English. Decision (issue 38 item
 * 4): an unnamed speaker's label in a VTT follows the language of that file (its target language), not the
 * interface language of the user who ordered it: the file is read by its viewers, and an Arabic-speaking user's
 * Spanish subtitles say "Hablante 1". The editor shows an unnamed speaker in the user's own language.
 */
const SPEAKER_WORD: Readonly<Record<string, string>> = {
  en: 'Speaker',
  ar: 'المتحدث',
  es: 'Hablante',
  fr: 'Intervenant',
  de: 'Sprecher',
  it: 'Parlante',
  pt: 'Locutor',
  nl: 'Spreker',
  tr: 'Konuşmacı',
  ru: 'Говорящий',
};

/**
 * The default display name of speaker `id` in `language` (a base code; English when not listed):
 * (`S2`) -> "Speaker 2", (`S2`, 'ar') -> "المتحدث 2". The stored default is the English one.
 */
export function defaultSpeakerName(id: string, language = 'en'): string {
  const word = SPEAKER_WORD[language.split('-')[0].toLowerCase()] ?? SPEAKER_WORD.en;
  return `${word} ${id.replace(/^S/, '')}`;
}

/** Whether `name` is the stored default of speaker `id` (never renamed by the user). */
export function isDefaultSpeakerName(id: string, name: string | undefined): boolean {
  return !name || name === defaultSpeakerName(id);
}
