/**
 * A voice per speaker (issue 19 item 3): each speaker of a dub gets a distinct voice of the language's voice engine,
 * matched to the speaker's median pitch (Hz, stages/speakers.ts): a speaker under LOW_VOICE_BELOW Hz gets a male
 * (low) voice, the others a female (high) one, never one voice for two speakers while the engine has enough.
 * espeak-ng voices also get their pitch (`-p`, 0-99; voice id `es+m3@38`) set so the voice speaks at the speaker's
 * pitch; pitches of neighbouring speakers are first spread to at least MIN_PITCH_RATIO apart so two speakers of
 * similar voices still sound apart in the dub. flite (English) and OpenAI voices are picked by their gender (pitch
 * class) only.
 */
import type { Voice } from '../engines/voice.engine.ts';

/** Speakers with a median pitch under this (Hz) get a low (male) voice: the usual split of adult male and female speech. */
export const LOW_VOICE_BELOW = 165;
/** Least ratio between the voice pitches of two speakers (about 4.5 semitones: clearly two people). */
export const MIN_PITCH_RATIO = 1.3;
/** Pitch assumed for a speaker none of whose speech was voiced, Hz. */
const UNKNOWN_PITCH = 150;
/**
 * Median pitch (Hz) of espeak-ng's variants at the default `-p 50`, measured with audio/speaker-features.ts on a Spanish
 * sentence; `-p` moves it by about an octave per 75 steps (measured: es+m3 86/104/140 Hz at -p 20/50/80).
 */
const ESPEAK_VARIANT_PITCH: Record<string, number> = {
  m1: 94,
  m2: 100,
  m3: 106,
  m4: 95,
  m5: 104,
  m6: 101,
  m7: 107,
  f1: 179,
  f2: 193,
  f3: 210,
  f4: 178,
  f5: 203,
};
const ESPEAK_STEPS_PER_OCTAVE = 75;

/**
 * The voice pitches (Hz) for speakers of median pitch `pitches` (same order): the speakers' own, spread around
 * their mean (in octaves) so neighbours are at least MIN_PITCH_RATIO apart. 0 (unknown) counts as UNKNOWN_PITCH.
 */
export function spreadPitches(pitches: readonly number[]): number[] {
  const gap = Math.log2(MIN_PITCH_RATIO);
  const x = pitches.map((p) => Math.log2(p > 0 ? p : UNKNOWN_PITCH));
  const order = x.map((_, i) => i).sort((a, b) => x[a] - x[b]);
  const y = [...x];
  for (let k = 1; k < order.length; k++) y[order[k]] = Math.max(x[order[k]], y[order[k - 1]] + gap);
  const shift = (x.reduce((a, b) => a + b, 0) - y.reduce((a, b) => a + b, 0)) / (x.length || 1);
  return y.map((v) => 2 ** (v + shift));
}

/** espeak-ng's `-p` (5-95) for `voice` (`es+m3`) to speak at `pitch` Hz; undefined for a variant of unknown pitch. */
export function espeakPitchParam(voice: string, pitch: number): number | undefined {
  const base = ESPEAK_VARIANT_PITCH[voice.split('+')[1] ?? ''];
  if (!base) return undefined;
  const p = Math.round(50 + ESPEAK_STEPS_PER_OCTAVE * Math.log2(pitch / base));
  return Math.max(5, Math.min(95, p));
}

/**
 * Picks a voice for each speaker. `speakers` in order of first appearance with their median pitch (Hz); `voices`
 * the engine's voices the mode offers, best first; `more` further voices of the same engine used when the offered
 * ones run out; `chosen` a voice id the request named (it goes to the first speaker of its pitch class); `taken`
 * voice ids (without `@<-p>`) other speakers already have: given to these speakers only once every other voice is
 * used (a speaker the editor added, issue 38, never shares a voice while the engine has one free).
 * @returns per speaker id the engine's voice id (espeak-ng: with `@<-p>`), distinct while there are voices enough.
 */
export function assignSpeakerVoices(opts: {
  engineId: string;
  speakers: readonly { id: string; pitch: number }[];
  voices: readonly Voice[];
  more?: readonly Voice[];
  chosen?: string;
  taken?: readonly string[];
}): Record<string, string> {
  const pool = [...new Map([...opts.voices, ...(opts.more ?? [])].map((v) => [v.id, v])).values()];
  if (!pool.length || !opts.speakers.length) return {};
  const targets = spreadPitches(opts.speakers.map((s) => s.pitch));
  const wants = targets.map((p): Voice['gender'] => (p < LOW_VOICE_BELOW ? 'male' : 'female'));
  const used = new Set<string>(opts.taken ?? []);
  const picked = new Array<Voice | undefined>(opts.speakers.length);
  const chosen = opts.chosen ? pool.find((v) => v.id === opts.chosen) : undefined;
  if (chosen) {
    const i = Math.max(
      0,
      wants.findIndex((g) => g === chosen.gender),
    );
    picked[i] = chosen;
    used.add(chosen.id);
  }
  // Speakers farthest from the split first: they need their class most.
  const order = targets
    .map((_, i) => i)
    .sort(
      (a, b) => Math.abs(Math.log2(targets[b] / LOW_VOICE_BELOW)) - Math.abs(Math.log2(targets[a] / LOW_VOICE_BELOW)),
    );
  for (const i of order) {
    if (picked[i]) continue;
    const rank = (v: Voice) => (v.gender === wants[i] ? 0 : v.gender === 'neutral' ? 1 : 2);
    const free = pool.filter((v) => !used.has(v.id));
    const best = (free.length ? free : pool).reduce((a, b) => (rank(b) < rank(a) ? b : a));
    picked[i] = best;
    used.add(best.id);
  }
  return Object.fromEntries(
    opts.speakers.map((s, i) => {
      const v = picked[i]!;
      const p = opts.engineId === 'espeak-ng' ? espeakPitchParam(v.id, targets[i]) : undefined;
      return [s.id, p === undefined ? v.id : `${v.id}@${p}`];
    }),
  );
}
