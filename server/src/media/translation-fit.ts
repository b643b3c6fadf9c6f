/**
 * Translates sentences as a whole (one batch per job, so every sentence travels with its neighbours as context)
 * and fits each translation back to its sentence's time: translated words get times along the source sentence's
 * timeline in proportion to their character position, so the target language is then cut into cues on its own
 * text (cue-cutter.ts) within the time its source sentence was spoken.
 */
import type { TranslationEngine } from '../engines/translation.engine.ts';
import type { GlossaryRule } from '../../../contract/glossary.ts';
import type { TimedWord } from './cue-cutter.ts';
import { sentenceText } from './sentences.ts';

/** Maps a character fraction (0..1) of the source sentence to a time, following its words (pauses stay pauses). */
function timeline(sentence: TimedWord[]): (fraction: number) => number {
  const total = sentence.reduce((s, w) => s + w.text.length, 0) || 1;
  const points: { f: number; t: number }[] = [];
  let acc = 0;
  for (const w of sentence) {
    points.push({ f: acc / total, t: w.start });
    acc += w.text.length;
    points.push({ f: acc / total, t: w.end });
  }
  return (f) => {
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1];
      const b = points[k];
      if (f <= b.f) return b.f === a.f ? b.t : a.t + ((f - a.f) / (b.f - a.f)) * (b.t - a.t);
    }
    return points[points.length - 1].t;
  };
}

/** Splits a translated sentence into words: spaces for spaced scripts, characters for Chinese and Japanese. */
export function tokenise(text: string, joiner: string): string[] {
  if (joiner === ' ') return text.split(/\s+/).filter(Boolean);
  // Keep punctuation attached to the preceding character so no line starts with it.
  const chars = [...text.replace(/\s+/g, '')];
  const out: string[] = [];
  for (const c of chars) {
    if (out.length && /[\p{P}]/u.test(c)) out[out.length - 1] += c;
    else out.push(c);
  }
  return out;
}

/** Gives the words of `text` times along `sentence`'s timeline (seconds). */
export function fitToSentence(text: string, sentence: TimedWord[], joiner: string): TimedWord[] {
  const tokens = tokenise(text, joiner);
  const at = timeline(sentence);
  const total = tokens.reduce((s, t) => s + t.length, 0) || 1;
  let acc = 0;
  return tokens.map((t) => {
    const start = at(acc / total);
    acc += t.length;
    return { text: t, start, end: Math.max(start, at(acc / total)) };
  });
}

/**
 * Translates every sentence with `engine` and returns the target sentences with fitted word times, and their texts.
 * `glossary`: the job's rules for this pair (contract glossaryRules), applied by the engine.
 * @throws the engine's error (names the engine) or the signal's reason.
 */
export async function translateSentences(
  sentences: TimedWord[][],
  engine: TranslationEngine,
  from: string,
  to: string,
  joiner: string,
  signal?: AbortSignal,
  glossary?: readonly GlossaryRule[],
): Promise<{ sentences: TimedWord[][]; texts: string[] }> {
  // Rule-based engines leave a space before a full stop or comma that followed an unknown word.
  const texts = (
    await engine.translate(
      sentences.map((u) => sentenceText(u)),
      { from, to, signal, glossary },
    )
  ).map((t) => t.replace(/\s+([.,…])/g, '$1').trim());
  return { sentences: sentences.map((u, i) => fitToSentence(texts[i], u, joiner)), texts };
}
