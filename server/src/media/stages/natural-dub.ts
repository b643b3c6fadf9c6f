/**
 * One language's dub with "Keep voices natural" (issue 20 item 3), for the voice_over stage and the re-dub alike:
 * the MP3 as without the option (the input's length, the usual fitting: dubLanguage), then the dubbed MP4 with the
 * picture slowed where a voice would need more than 1.15x (slowed-dub.ts) and its SRT/VTT moved to the same
 * timeline (time-map.ts). The sync report saved and returned is the MP4's (its voice never beyond 1.15x where
 * slowing at most 1.25x suffices); the spans are kept as the artifact `dub/<lang>-stretch.json`. A re-dub renders
 * the MP4 again in full from the edited cues (its clips reused), so MP4, its subtitles and the note stay consistent.
 * @throws MediaError ENGINE_FAILED, FFMPEG_FAILED; the signal's reason when cancelled.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cue } from '../../../../contract/cues.ts';
import type { JobNote } from '../../../../contract/jobs.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { BACKGROUND_DUCK_GAIN } from '../background.ts';
import { dubSlowedVideo } from '../slowed-dub.ts';
import { syncArtifact } from '../sync-report.ts';
import { mapCues, type StretchSpan } from '../time-map.ts';
import { toSrt, toVtt } from '../subtitle-writers.ts';
import { viaEngine, type RunState } from './stage.ts';
import { dubLanguage } from './dub-language.ts';

/** The artifact of the last slowed dub: its spans (input seconds) and the MP4's length and added seconds. */
export interface SavedStretch {
  spans: StretchSpan[];
  duration: number;
  added_seconds: number;
}
export const stretchArtifact = (lang: string) => `dub/${lang}-stretch.json`;

type DubOptions = Parameters<typeof dubLanguage>[0];
type DubResult = Awaited<ReturnType<typeof dubLanguage>>;

/**
 * Dubs one language as dubLanguage does, the MP4 (`mp4Path`, required) slowed where needed and `cues` (the target
 * cues on the input's timeline) written as `srtPath` and `vttPath` on the MP4's timeline.
 * @returns dubLanguage's answer (the MP3's placements; the clips synthesised by both; the MP4's sync report) and
 *          `addedSeconds`, how much longer the MP4 is than the input (0.1 s steps).
 */
export async function dubLanguageNatural(
  opts: DubOptions & { mp4Path: string; cues: Cue[]; srtPath: string; vttPath: string },
): Promise<DubResult & { addedSeconds: number }> {
  const { s, choice, language } = opts;
  const mp3 = await dubLanguage({ ...opts, mp4Path: undefined, onProgress: (f) => opts.onProgress?.(0.4 * f) });
  const dir = path.join(opts.workDir, 'slowed');
  await mkdir(dir, { recursive: true });
  const video = await viaEngine(s as RunState, 'voice', choice.engine.id, () =>
    dubSlowedVideo({
      input: s.req.inputPath,
      segments: opts.segments,
      engine: choice.engine,
      voice: choice.voice.id,
      language,
      workDir: dir,
      clips: s.artifacts,
      duration: opts.duration,
      mp4Path: opts.mp4Path,
      charsPerSecond: opts.charsPerSecond,
      background: opts.background,
      duckGain: opts.background ? BACKGROUND_DUCK_GAIN : undefined,
      signal: s.req.signal,
      onProgress: (f) => opts.onProgress?.(0.4 + 0.6 * f),
    }),
  );
  const cues = mapCues(video.plan.spans, opts.cues);
  await writeFile(opts.srtPath, toSrt(cues));
  await writeFile(opts.vttPath, toVtt(cues, {}, language));
  await s.artifacts.writeJson(syncArtifact(language), video.sync);
  const saved: SavedStretch = {
    spans: video.plan.spans,
    duration: video.plan.duration,
    added_seconds: video.addedSeconds,
  };
  await s.artifacts.writeJson(stretchArtifact(language), saved);
  return {
    placements: mp3.placements,
    synthesized: mp3.synthesized + video.synthesized,
    remixedSeconds: mp3.remixedSeconds + video.plan.duration,
    sync: video.sync,
    addedSeconds: video.addedSeconds,
  };
}

/** The job note of a slowed dubbed video: its language and the `seconds` it is longer than the input. */
export function videoSlowedNote(language: string, seconds: number): JobNote {
  return {
    code: 'VIDEO_SLOWED',
    text: `${languageLabel(language)} dubbed video: slowed where the voice needed more time, so it is ${seconds} s longer than the original. The MP3 keeps the original length.`,
    params: { language, seconds },
  };
}
