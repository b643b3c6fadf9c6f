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
import { voicedChars } from './sync-report.ts';

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

/** What fitting translations to their budgets did: the texts to voice, the segments asked again and still over. */
export interface BudgetFit {
  texts: string[];
  /** Indexes of the texts over their budget after translation. */
  over: number[];
  /** How many were asked again (at least once) and how many then fit. */
  asked: number;
  fitted: number;
  /** Rephrasing requests sent (at most two). */
  requests: number;
}

/** Tries a text over its budget is asked again for (issue 20 item 2). */
export const REPHRASE_TRIES = 2;

/**
 * Fits translated `texts` (one per source text in `sources`) to their character `budgets` (sync-report.ts
 * charBudget): when `engine` can rephrase, every text over its budget is asked again for a rendering within it
 * (neighbouring lines as context), at most REPHRASE_TRIES times for those still over; of the answers the longest
 * that fits is kept, else the shortest seen. Engines that cannot rephrase leave every text as translated (the sync
 * report flags them). A rephrasing failure keeps the texts as they are (the translation stands).
 * @throws only the signal's reason.
 */
export async function fitTranslationsToBudgets(opts: {
  engine: TranslationEngine;
  from: string;
  to: string;
  sources: string[];
  texts: string[];
  budgets: number[];
  /** The lines before and after each text (default: its neighbours in `texts`). */
  context?: [string | undefined, string | undefined][];
  /** Called with a rephrasing failure (default: the texts stay as they are); may throw to fail the call. */
  onError?: (err: unknown) => void;
  signal?: AbortSignal;
}): Promise<BudgetFit> {
  const { engine, texts, budgets, signal } = opts;
  const len = (t: string) => voicedChars(t);
  const over = texts.flatMap((t, i) => (len(t) > budgets[i] ? [i] : []));
  const best = [...texts];
  let pending = over;
  let requests = 0;
  if (engine.rephrase)
    for (let attempt = 0; attempt < REPHRASE_TRIES && pending.length; attempt++) {
      let answers: string[];
      try {
        answers = await engine.rephrase(
          pending.map((i) => ({
            source: opts.sources[i],
            translation: best[i],
            maxChars: budgets[i],
            before: opts.context ? opts.context[i][0] : best[i - 1],
            after: opts.context ? opts.context[i][1] : best[i + 1],
          })),
          { from: opts.from, to: opts.to, signal },
        );
        requests++;
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        opts.onError?.(e);
        break;
      }
      pending.forEach((i, k) => {
        const a = (answers[k] ?? '').replace(/\s+([.,…])/g, '$1').trim();
        if (!a) return;
        const fitsNow = len(a) <= budgets[i];
        const bestFits = len(best[i]) <= budgets[i];
        if (fitsNow ? !bestFits || len(a) > len(best[i]) : !bestFits && len(a) < len(best[i])) best[i] = a;
      });
      pending = pending.filter((i) => len(best[i]) > budgets[i]);
    }
  const asked = engine.rephrase ? over.length : 0;
  return { texts: best, over, asked, fitted: asked ? over.length - pending.length : 0, requests };
}
