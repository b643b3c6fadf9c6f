/**
 * espeak-ng, the local voice for every studio language (`espeak-ng -v VOICE -s WPM -w out.wav --stdin`).
 * Chinese uses `cmn-latn-pinyin` (plain `cmn` reads tone digits in English); Japanese kanji are turned into kana
 * first (espeak reads only kana); Arabic loses its vowels unless the text carries diacritics (engines.md).
 * A voice id may carry a pitch, `es+m3@38` (`-p 38`, 0-99, default 50): a speaker's voice (media/speaker-voices.ts).
 */
import path from 'node:path';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { programExists, runProcess } from '../run-process.ts';
import { japaneseToKana } from './japanese-kana.ts';

/**
 * espeak-ng's language voice per studio base code (`espeak-ng -v`), the one table of them: the voice-over speaks
 * these (with a variant, `en-gb+m3`), and auto-sync's reference speech (media/sync/reference-speech.ts) starts
 * from them, naming the few it speaks otherwise. English is British; Chinese `cmn-latn-pinyin` (above).
 */
export const ESPEAK_VOICES: Readonly<Record<string, string>> = {
  en: 'en-gb',
  es: 'es',
  fr: 'fr-fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  ja: 'ja',
  ko: 'ko',
  zh: 'cmn-latn-pinyin',
  ar: 'ar',
  hi: 'hi',
};
const gender = (v: string): Voice['gender'] => (v[0] === 'f' ? 'female' : 'male');
/** 'm3' -> 'Male 3', 'f2' -> 'Female 2', 'klatt2' -> 'Klatt 2', 'Alex' stays 'Alex'. */
function variantName(v: string): string {
  const m = /^(m|f|klatt)(\d*)$/.exec(v);
  if (!m) return v;
  const word = m[1] === 'm' ? 'Male' : m[1] === 'f' ? 'Female' : 'Klatt';
  return `${word} ${m[2] || '1'}`;
}
/**
 * Variants per language, best first: 'manual' mode offers the first 5 (spec: Standard, 5 voices per language),
 * 'dubbing' all 20 (spec: Premium, 20+ voices).
 */
const VARIANTS = [
  'm3',
  'f3',
  'm1',
  'f2',
  'm7',
  'm2',
  'm4',
  'm5',
  'm6',
  'f1',
  'f4',
  'f5',
  'klatt',
  'klatt2',
  'klatt3',
  'klatt4',
  'Alex',
  'Andy',
  'Denis',
  'Gene',
];
/** espeak's normal rate, words per minute. */
const WPM = 165;
/** Every voice id offered in any language (`<base>+<variant>`). */
const OFFERED = new Set(Object.values(ESPEAK_VOICES).flatMap((base) => VARIANTS.map((v) => `${base}+${v}`)));

/** Creates the espeak-ng engine. @throws from `synthesize`: Error naming espeak-ng. */
export function createEspeakEngine(): VoiceEngine {
  return {
    id: 'espeak-ng',
    kind: 'local',
    voices(language) {
      const lang = normaliseLanguage(language);
      const base = ESPEAK_VOICES[lang];
      return base
        ? VARIANTS.map((v) => ({
            id: `${base}+${v}`,
            name: variantName(v),
            language: lang,
            gender: gender(v),
            quality: 'robotic' as const,
          }))
        : [];
    },
    available: () => programExists('espeak-ng'),
    async synthesize(text: string, opts: SynthesizeOptions): Promise<void> {
      const lang = normaliseLanguage(opts.language);
      const spoken = lang === 'ja' ? await japaneseToKana(text) : text;
      const wpm = Math.round(WPM * (opts.speed ?? 1));
      // espeak-ng truncates long -w paths (it keeps ~200 characters): write by name inside the target folder.
      // A voice `es+m3@38` speaks at pitch 38 (espeak's -p, 0-99; a speaker's voice, media/speaker-voices.ts).
      const [voice, pitch] = opts.voice.split('@');
      // espeak-ng speaks a voice it does not have with its default one and exits 0: refuse what is not offered.
      if (!OFFERED.has(voice)) throw new Error(`espeak-ng failed: no voice ${voice}`);
      const args = ['-v', voice, '-s', String(wpm), '-w', path.basename(opts.outPath), '--stdin'];
      if (pitch && /^\d{1,2}$/.test(pitch)) args.push('-p', pitch);
      await runProcess('espeak-ng', args, {
        input: spoken,
        signal: opts.signal,
        cwd: path.dirname(opts.outPath),
      }).catch((e) => {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw new Error(`espeak-ng failed: ${(e as Error).message}`);
      });
    },
  };
}
