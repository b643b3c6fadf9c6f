/**
 * The speaking rate of a voice (issue 20 item 2): characters per second, measured once per voice and language by
 * synthesising a reference text (the clip loudness-normalised and its silence trimmed as the voice-over does,
 * voice-over.ts) and kept: in memory for the process, and on disk under `<DATA_DIR>/speaking-rates/` once the
 * app context named the folder (useSpeakingRateDir), so a restart or another worker does not synthesise again.
 * The rate gives every dub segment its character budget (sync-report.ts charBudget).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VoiceEngine } from '../engines/voice.engine.ts';
import { voicedChars } from './sync-report.ts';
import { durationOf, readWav, resample, trimSilence } from '../audio/wav.ts';

/**
 * The reference text per language (two everyday sentences; Japanese in kana and Arabic with its vowel marks, as
 * the local engine reads them, engines.md); other languages use the English one.
 */
export const REFERENCE_TEXTS: Record<string, string> = {
  en: 'Hello! Your translations will be read aloud in this voice. We hope you enjoy listening to them today.',
  es: '¡Hola! Sus traducciones se leerán en voz alta con esta voz. Esperamos que disfrute escuchándolas hoy.',
  fr: 'Bonjour ! Vos traductions seront lues à voix haute avec cette voix. Nous espérons que vous aimerez les écouter.',
  de: 'Hallo! Ihre Übersetzungen werden mit dieser Stimme vorgelesen. Wir hoffen, Sie hören sie heute gern.',
  it: 'Ciao! Le tue traduzioni saranno lette ad alta voce con questa voce. Speriamo che ti piaccia ascoltarle.',
  pt: 'Olá! As suas traduções serão lidas em voz alta com esta voz. Esperamos que goste de as ouvir hoje.',
  ja: 'こんにちは。あなたの ほんやくは この こえで よみあげられます。',
  ko: '안녕하세요! 번역된 내용은 이 목소리로 읽어 드립니다.',
  zh: '你好！你的译文将用这个声音朗读。',
  ar: 'مَرْحَبًا! سَتُقْرَأُ تَرْجَمَاتُكَ بِهٰذَا الصَّوْتِ.',
  hi: 'नमस्ते! आपके अनुवाद इसी आवाज़ में पढ़े जाएँगे।',
};

let diskDir: string | undefined;
const known = new Map<string, Promise<number>>();

/**
 * Keeps measured rates in `<dataDir>/speaking-rates/` (called when the app context is created). Returns the
 * function that stops it (the context's close): later measurements of the process stay in memory instead of
 * writing into a data folder that may be gone (another context's, in a process that holds several in turn).
 */
export function useSpeakingRateDir(dataDir: string): () => void {
  const dir = path.join(dataDir, 'speaking-rates');
  diskDir = dir;
  return () => {
    if (diskDir === dir) diskDir = undefined;
  };
}

/**
 * Characters per second of `voice` (the engine's voice id) of `engine` speaking `language` (base code): the
 * reference text's characters over its clip's length (silence trimmed). Measured once; later calls read the cache.
 * @throws the voice engine's error (naming it), or Error when the reference clip is silent; the signal's reason.
 */
export async function speakingRate(
  engine: VoiceEngine,
  voice: string,
  language: string,
  signal?: AbortSignal,
): Promise<number> {
  const text = REFERENCE_TEXTS[language] ?? REFERENCE_TEXTS.en;
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([engine.id, voice, language, text]))
    .digest('hex');
  let rate = known.get(key);
  if (!rate) {
    rate = measure(engine, voice, language, text, key, signal);
    known.set(key, rate);
    rate.catch(() => known.delete(key));
  }
  return rate;
}

async function measure(
  engine: VoiceEngine,
  voice: string,
  language: string,
  text: string,
  key: string,
  signal?: AbortSignal,
): Promise<number> {
  const file = diskDir ? path.join(diskDir, `${key.slice(0, 32)}.json`) : undefined;
  if (file) {
    const saved = await fsp
      .readFile(file, 'utf8')
      .then((s) => (JSON.parse(s) as { chars_per_second?: unknown }).chars_per_second)
      .catch(() => undefined);
    if (typeof saved === 'number' && saved > 0) return saved;
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tarjama-rate-'));
  try {
    const wav = path.join(dir, 'reference.wav');
    await engine.synthesize(text, { language, voice, outPath: wav, signal });
    const seconds = durationOf(trimSilence(resample(await readWav(wav), 22050)));
    if (!(seconds > 0.2)) throw new Error(`${engine.id} voice ${voice}: the reference text gave a silent clip`);
    const rate = Math.round((voicedChars(text) / seconds) * 1000) / 1000;
    if (file) {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, JSON.stringify({ engine: engine.id, voice, language, chars_per_second: rate }));
    }
    return rate;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
