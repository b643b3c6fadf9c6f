/**
 * One language's dub, for the voice_over stage, "Keep voices natural" (natural-dub.ts) and the editor's re-dub
 * alike: its segments voiced, mixed over the original (or its background) and encoded as MP3 (and MP4), re-encoding
 * only what changed over a stored dub of the same voice (voice-redub.ts). Saves the dub artifact `dub/<lang>.json`,
 * the encoded streams and the sync report.
 * @throws MediaError ENGINE_FAILED, FFMPEG_FAILED; the signal's reason when cancelled.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceChoice } from '../../engines/engine.registry.ts';
import type { ArtifactStore } from '../artifacts.ts';
import { BACKGROUND_DUCK_GAIN } from '../background.ts';
import type { DubSegment } from '../dub-segments.ts';
import { syncArtifact, syncReport, type SavedSync } from '../sync-report.ts';
import type { Placement } from '../voice-fit.ts';
import { DUCK_GAIN, MIX_RATE, muxMp4 } from '../voice-mix.ts';
import { buildVoiceTrack, mixVoiceOver } from '../voice-over.ts';
import { redubChanges, type MixPlan } from '../voice-redub.ts';
import { viaEngine, type RunState } from './stage.ts';

/**
 * The dub artifact of one language: what its last dub voiced, with which voice (`<engine>:<voice>`), and the plan
 * it mixed (`mix`; its encoded streams are the artifacts `mixArtifact(lang, 'mp3' | 'aac')`), from which a re-dub
 * re-encodes only what changed (voice-redub.ts). Dubs saved before the plan was kept have no `mix`.
 */
export interface SavedDub {
  voice: string;
  segments: DubSegment[];
  mix?: MixPlan;
}

export const dubArtifact = (lang: string) => `dub/${lang}.json`;
/** The last dub's encoded MP3 (`mp3`) or ADTS AAC stream (`aac`) of one language. */
export const mixArtifact = (lang: string, stream: 'mp3' | 'aac') => `dub/${lang}-mix.${stream}`;

/**
 * Voices `segments` with `choice` and writes the mixed MP3 (and MP4) of the input's length (`duration`, seconds).
 * Over a stored dub of the same voice and duration only the changed spans are synthesised and re-encoded
 * (voice-redub.ts); else everything. Saves the dub artifact, the encoded streams and the sync report
 * (sync-report.ts; `charsPerSecond`, the voice's speaking rate, gives its budgets). `onProgress` gets 0..1.
 * @returns the placements, the number of clips synthesised (the others were reused), the seconds of media
 *          re-mixed and encoded (the whole duration for a first dub, windows around the changes for a re-dub) and
 *          the sync report.
 * @throws MediaError ENGINE_FAILED, FFMPEG_FAILED; the signal's reason when cancelled.
 */
export async function dubLanguage(opts: {
  s: Pick<RunState, 'req'> & { artifacts: ArtifactStore };
  language: string;
  segments: DubSegment[];
  choice: VoiceChoice;
  duration: number;
  workDir: string;
  mp3Path: string;
  mp4Path?: string;
  charsPerSecond?: number;
  /**
   * "Remove the original speech" (background.ts): the input's background (FLAC, its voice removed), mixed under the
   * dub with BACKGROUND_DUCK_GAIN instead of the original ducked by DUCK_GAIN. The MP4 keeps the input's picture.
   */
  background?: string;
  onProgress?: (fraction: number) => void;
}): Promise<{ placements: Placement[]; synthesized: number; remixedSeconds: number; sync: SavedSync }> {
  const { s, choice, workDir } = opts;
  // The sound under the dub: the background (a light ducking) or the original (ducked by 18 dB).
  const under = opts.background
    ? { input: opts.background, duckGain: BACKGROUND_DUCK_GAIN }
    : { input: s.req.inputPath, duckGain: DUCK_GAIN };
  const signal = s.req.signal;
  const lang = opts.language;
  await mkdir(workDir, { recursive: true });
  const mp3 = path.join(workDir, 'mix.mp3');
  const aac = opts.mp4Path ? path.join(workDir, 'mix.aac') : undefined;
  const engine = choice.engine;
  const common = { engine, voice: choice.voice.id, language: lang, workDir, signal, clips: s.artifacts };
  let result: { plan: MixPlan; synthesized: number; remixedSeconds: number } | undefined;
  // A re-dub over a stored dub of the same voice and input: only the windows around the changes are re-encoded.
  const saved = await s.artifacts.readJson<SavedDub>(dubArtifact(lang));
  const before = saved?.voice === choice.id ? saved.mix : undefined;
  if (
    before &&
    before.duration === opts.duration &&
    (await s.artifacts.fetchFile(mixArtifact(lang, 'mp3'), mp3)) &&
    (!aac || (await s.artifacts.fetchFile(mixArtifact(lang, 'aac'), aac)))
  )
    result = await viaEngine(s as RunState, 'voice', engine.id, async () => {
      const r = await redubChanges({
        ...common,
        ...under,
        segments: opts.segments,
        before,
        mp3Path: mp3,
        aacPath: aac,
        onProgress: (f) => opts.onProgress?.(f * 0.9),
      });
      const remixedSeconds = r.windows.reduce((n, w) => n + (w.to - w.from), 0) / MIX_RATE;
      return { ...r, remixedSeconds };
    });
  else {
    const track = await viaEngine(s as RunState, 'voice', engine.id, () =>
      buildVoiceTrack({
        ...common,
        segments: opts.segments,
        duration: opts.duration,
        outPath: path.join(workDir, 'track.wav'),
        onProgress: (f) => opts.onProgress?.(f * 0.8),
      }),
    );
    await mixVoiceOver({
      ...under,
      voiceTrack: track.path,
      placements: track.placements,
      duration: opts.duration,
      mp3Path: mp3,
      aacPath: aac,
      signal,
    });
    const texts = opts.segments.map((x) => x.text);
    const voices = opts.segments.map((x) => x.voice || choice.voice.id);
    result = {
      plan: { duration: opts.duration, texts, voices, lengths: track.lengths, placements: track.placements },
      synthesized: track.synthesized,
      remixedSeconds: opts.duration,
    };
  }
  await copyFile(mp3, opts.mp3Path);
  if (opts.mp4Path && aac) await muxMp4(s.req.inputPath, aac, opts.mp4Path, signal);
  await s.artifacts.saveFile(mixArtifact(lang, 'mp3'), mp3);
  if (aac) await s.artifacts.saveFile(mixArtifact(lang, 'aac'), aac);
  const next: SavedDub = { voice: choice.id, segments: opts.segments, mix: result.plan };
  await s.artifacts.writeJson(dubArtifact(lang), next);
  const sync = syncReport(
    opts.segments,
    result.plan.placements,
    result.plan.lengths,
    opts.duration,
    opts.charsPerSecond,
  );
  await s.artifacts.writeJson(syncArtifact(lang), sync);
  opts.onProgress?.(1);
  return {
    placements: result.plan.placements,
    synthesized: result.synthesized,
    remixedSeconds: result.remixedSeconds,
    sync,
  };
}
