/**
 * pocketsphinx, the local English recogniser (Debian `pocketsphinx`, `pocketsphinx-en-us`).
 * `pocketsphinx_continuous -time yes` prints each utterance's text, then `word start end confidence` lines
 * framed by `<s>` and `</s>`; alternative pronunciations carry `(2)`, pauses `<sil>`, noises `[NOISE]`.
 * Measured here: WER 21.6% on clean read speech, 33% overall; RTF 0.2-0.35 (engines.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RecognisedSegment, RecognisedWord, SpeechEngine, Transcript, TranscribeOptions } from '../speech.engine.ts';
import { programExists, runProcess } from '../run-process.ts';

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/**
 * Parses `pocketsphinx_continuous -time yes` output into words and utterance segments.
 * Fillers (`<s>`, `</s>`, `<sil>`, `[NOISE]`, `++...++`) are dropped; `word(2)` becomes `word`.
 */
export function parsePocketsphinxOutput(out: string): { words: RecognisedWord[]; segments: RecognisedSegment[] } {
  const words: RecognisedWord[] = [];
  const segments: RecognisedSegment[] = [];
  let current: RecognisedWord[] = [];
  const close = () => {
    if (current.length) {
      segments.push({ start: current[0].start, end: current[current.length - 1].end, text: current.map((w) => w.text).join(' '), words: current });
    }
    current = [];
  };
  for (const line of out.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const token = m[1];
    if (token === '<s>') {
      close();
      continue;
    }
    if (token === '</s>') {
      close();
      continue;
    }
    if (token.startsWith('<') || token.startsWith('[') || token.startsWith('+')) continue;
    const w = { text: token.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]), confidence: Number(m[4]) };
    words.push(w);
    current.push(w);
  }
  close();
  return { words, segments };
}

/** Creates the pocketsphinx engine (English only, no language detection). */
export function createPocketsphinxEngine(): SpeechEngine {
  return {
    id: 'pocketsphinx',
    kind: 'local',
    languages: ['en'],
    detectsLanguage: false,
    async available() {
      return (await programExists('pocketsphinx_continuous')) && existsSync(path.join(MODEL_DIR, 'en-us.lm.bin'));
    },
    async transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
      const { stdout } = await runProcess(
        'pocketsphinx_continuous',
        [
          '-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null',
          '-hmm', path.join(MODEL_DIR, 'en-us'),
          '-lm', path.join(MODEL_DIR, 'en-us.lm.bin'),
          '-dict', path.join(MODEL_DIR, 'cmudict-en-us.dict'),
        ],
        { signal: opts.signal },
      ).catch((e) => {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw new Error(`pocketsphinx failed: ${(e as Error).message}`);
      });
      return { language: 'en', detected: false, ...parsePocketsphinxOutput(stdout) };
    },
  };
}
