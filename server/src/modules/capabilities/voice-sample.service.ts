/**
 * Voice samples (GET /v1/voices/{id}/sample?language=xx): one fixed sentence per language spoken by the voice,
 * MP3. Synthesised on the first request (the voice engine, then ffmpeg), stored in the file storage, and served
 * from there afterwards: each voice and language costs one synthesis (and one paid call for a network voice).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { runProcess } from '../../engines/run-process.ts';
import { voiceIdOf } from '../../engines/engine-choice.ts';
import type { Voice, VoiceEngine } from '../../engines/voice.engine.ts';
import { isStudioLanguage, normaliseLanguage, type StudioLanguage } from '../../../../contract/languages.ts';

type Ctx = Pick<AppContext, 'engines' | 'storage' | 'config' | 'logger'>;

/**
 * The sentence each sample speaks: "Hello! Your translations will be read aloud in this voice." Japanese is in
 * kana (espeak-ng reads only kana), Arabic carries its vowel marks (espeak-ng drops unmarked vowels; engines.md).
 */
export const SAMPLE_SENTENCES: Record<StudioLanguage, string> = {
  en: 'Hello! Your translations will be read aloud in this voice.',
  es: '¡Hola! Sus traducciones se leerán en voz alta con esta voz.',
  fr: 'Bonjour ! Vos traductions seront lues à voix haute avec cette voix.',
  de: 'Hallo! Ihre Übersetzungen werden mit dieser Stimme vorgelesen.',
  it: 'Ciao! Le tue traduzioni saranno lette ad alta voce con questa voce.',
  pt: 'Olá! As suas traduções serão lidas em voz alta com esta voz.',
  ja: 'こんにちは。あなたの ほんやくは この こえで よみあげられます。',
  ko: '안녕하세요! 번역된 내용은 이 목소리로 읽어 드립니다.',
  zh: '你好！你的译文将用这个声音朗读。',
  ar: 'مَرْحَبًا! سَتُقْرَأُ تَرْجَمَاتُكَ بِهٰذَا الصَّوْتِ.',
  hi: 'नमस्ते! आपके अनुवाद इसी आवाज़ में पढ़े जाएँगे।',
};

/** A stored sample: its storage key and size in bytes. */
export interface VoiceSample {
  key: string;
  sizeBytes: number;
}

/** The storage key of a sample: named by a hash of voice, language and sentence, so a new sentence makes a new one. */
export function sampleKey(voiceId: string, language: StudioLanguage): string {
  const hash = crypto
    .createHash('sha256')
    .update(`${voiceId}\n${language}\n${SAMPLE_SENTENCES[language]}`)
    .digest('hex');
  return `voice-samples/${hash.slice(0, 32)}.mp3`;
}

/**
 * Creates the sample service. Requests for a sample being made wait for that synthesis instead of starting another.
 * `get` @throws AppError VOICE_NOT_AVAILABLE (unknown voice, or not for this language), ENGINE_FAILED.
 */
export function createVoiceSamples(ctx: Ctx) {
  const making = new Map<string, Promise<VoiceSample>>();

  async function make(
    key: string,
    found: { engine: VoiceEngine; voice: Voice },
    language: StudioLanguage,
  ): Promise<VoiceSample> {
    const voiceId = voiceIdOf(found.engine, found.voice);
    const dir = path.join(ctx.config.app.dataDir, 'work', `voice-sample-${crypto.randomBytes(6).toString('hex')}`);
    await fsp.mkdir(dir, { recursive: true });
    try {
      const wav = path.join(dir, 'sample.wav');
      const mp3 = path.join(dir, 'sample.mp3');
      try {
        await found.engine.synthesize(SAMPLE_SENTENCES[language], { language, voice: found.voice.id, outPath: wav });
        await runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-b:a', '64k', mp3]);
      } catch (err) {
        ctx.logger.warn({ err, voiceId, language }, 'voice sample failed');
        throw new AppError('ENGINE_FAILED', `The voice engine (${found.engine.id}) failed. Please try again later.`);
      }
      return {
        key,
        sizeBytes: (await ctx.storage.putFile(key, mp3, { contentType: 'audio/mpeg', move: true })).sizeBytes,
      };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** The stored sample of `voiceId` speaking `language` (any code), made now if it was not stored yet. */
    async get(voiceId: string, language: string): Promise<VoiceSample> {
      const lang = normaliseLanguage(language);
      const found = isStudioLanguage(lang) ? ctx.engines.findVoice(lang, voiceId) : null;
      if (!isStudioLanguage(lang) || !found)
        throw new AppError('VOICE_NOT_AVAILABLE', undefined, { voice: voiceId, language: lang });
      const key = sampleKey(voiceId, lang);
      const stored = await ctx.storage.stat(key);
      if (stored) return { key, sizeBytes: stored.sizeBytes };
      let pending = making.get(key);
      if (!pending) {
        pending = make(key, found, lang).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
