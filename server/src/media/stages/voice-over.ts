/**
 * Stage voice_over: per target language its dub segments voiced (clips reused from the artifacts when stored
 * under the same text, voice, engine and speed), mixed over the original (ducked by 18 dB) or, with
 * `remove_original_speech`, over its background made once for every language (background.ts, ducked by 6 dB), and
 * encoded as MP3 (and MP4 when the input has video). Saves `dub/<lang>.json` (the segments voiced, the voice) so a
 * re-dub knows what changed. Languages are voiced at once, each in its own folder; outputs are registered in request
 * order.
 * @throws MediaError ENGINE_FAILED (and the other engine failure codes), SEPARATION_NOT_AVAILABLE, FFMPEG_FAILED.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceChoice } from '../../engines/engine.registry.ts';
import type { ArtifactStore } from '../artifacts.ts';
import { buildVoiceTrack, mixVoiceOver } from '../voice-over.ts';
import { DUCK_GAIN, MIX_RATE, muxMp4 } from '../voice-mix.ts';
import { BACKGROUND_DUCK_GAIN, backgroundOf } from '../background.ts';
import { redubChanges, type MixPlan } from '../voice-redub.ts';
import { MAX_FITTED_SPEED, unfittedClips, type Placement } from '../voice-fit.ts';
import { syncArtifact, syncReport, type SavedSync } from '../sync-report.ts';
import { syncShares } from '../../../../contract/sync.ts';
import type { JobNote } from '../../../../contract/jobs.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { addOutput } from './outputs.ts';
import { dubLanguageNatural, videoSlowedNote } from './natural-dub.ts';
import { assignSpeakerVoices } from '../speaker-voices.ts';
import { voicesUsed } from '../voices-used.ts';
import { speakersOf } from './speakers.ts';
import { speakerClones, withClones, type SavedClones } from '../voice-clones.ts';
import { checkAborted, need, viaEngine, type DubSegment, type RunState, type StageModule } from './stage.ts';

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

/**
 * The segments of one language with their speaker's voice (speaker-voices.ts) when the run found two speakers or
 * more; `voices` per speaker the API id (`<engine>:<voice>`), for the tracks. Unchanged otherwise.
 */
export function withSpeakerVoices(
  segments: DubSegment[],
  choice: VoiceChoice,
  speakers: { id: string; pitch: number }[],
  language: string,
): { segments: DubSegment[]; voices?: Record<string, string> } {
  if (speakers.length < 2) return { segments };
  const byId = assignSpeakerVoices({
    engineId: choice.engine.id,
    speakers,
    voices: choice.offered,
    more: choice.engine.voices(language),
    chosen: choice.chosen ? choice.voice.id : undefined,
  });
  const voices = Object.fromEntries(Object.entries(byId).map(([id, v]) => [id, `${choice.engine.id}:${v}`]));
  return {
    segments: segments.map((x) => (x.speaker && byId[x.speaker] ? { ...x, voice: byId[x.speaker] } : x)),
    voices,
  };
}

/**
 * The job note of a voice-over whose clips did not all fit: `rushed` counts the segments whose sync status is
 * `overflow` (sped up beyond 1.25x or running into the next line, sync-report.ts), `cutSeconds` the voice past the
 * media's end (`unfittedClips`); its text names the language. No overflow goes unmentioned (issue 20 item 1).
 */
export function voiceRushedNote(language: string, u: { rushed: number; cutSeconds: number }): JobNote {
  const rushed = u.rushed
    ? `${u.rushed} sentences were longer than their time and sped up beyond ${MAX_FITTED_SPEED}x or into the next line`
    : '';
  const cut = u.cutSeconds > 0 ? `${u.cutSeconds} s of voice ran past the end of the media and were cut` : '';
  return {
    code: 'VOICE_OVER_RUSHED',
    text: `${languageLabel(language)} voice-over: ${[rushed, cut].filter(Boolean).join('; ')}. Shorten them in the editor and re-dub.`,
    params: { language, segments: u.rushed, cut_seconds: u.cutSeconds },
  };
}

/** Registers the SRT and VTT of the dubbed MP4 (`{name}_{lang}_dubbed.srt|vtt`) and returns where to write them. */
function dubbedSubtitleOutputs(s: RunState, code: string): { srtPath: string; vttPath: string } {
  const add = (kind: 'voice_over_srt' | 'voice_over_vtt', ext: string, contentType: string) => {
    const filename = `${s.req.baseName}_${code}_dubbed.${ext}`;
    const o = { language: code, kind, path: path.join(s.req.outDir, filename), filename, contentType };
    s.outputs.push(o);
    return o.path;
  };
  return {
    srtPath: add('voice_over_srt', 'srt', 'application/x-subrip'),
    vttPath: add('voice_over_vtt', 'vtt', 'text/vtt'),
  };
}

/**
 * The input's background for "Remove the original speech" (background.ts): stored, or made by the plan's separation
 * engine and stored. @throws MediaError SEPARATION_NOT_AVAILABLE, the engine's failure codes, FFMPEG_FAILED.
 */
async function separatedBackground(s: RunState): Promise<string> {
  const engine = s.plan.separation ?? null;
  const workDir = path.join(s.work, 'stems');
  await mkdir(workDir, { recursive: true });
  if (engine) s.engines.separation = engine.id;
  return backgroundOf({
    input: s.req.inputPath,
    engine,
    artifacts: s.artifacts,
    workDir,
    run: (fn) => viaEngine(s, 'separation', engine?.id ?? 'separation', fn),
    signal: s.req.signal,
  });
}

export const voiceOverStage: StageModule = {
  name: 'voice_over',
  stage: 'voice_over',
  runsWhen: (s) => s.voiceOver,
  async run(s: RunState) {
    // A target in the source language is captions only (same-language captions; priced without voice-over).
    const targets = need(s.targets, 'the translations').filter((t) => t.language !== s.source);
    if (!targets.length) return;
    const info = need(s.info, 'the probe');
    const shares = targets.map(() => 0);
    const report = () => s.progress('voice_over', shares.reduce((a, b) => a + b, 0) / targets.length);
    const files = targets.map((t) => ({
      mp3: addOutput(s, t.code, 'voice_over_mp3', 'mp3', 'audio/mpeg'),
      mp4: info.hasVideo ? addOutput(s, t.code, 'voice_over_mp4', 'mp4', 'video/mp4') : undefined,
    }));
    // "Keep voices natural" (issue 20 item 3): the dubbed MP4 may be slowed; its own SRT/VTT follow its timeline.
    const natural = !!s.req.keepVoicesNatural && info.hasVideo;
    const dubbedSubtitles = targets.map((t) => (natural ? dubbedSubtitleOutputs(s, t.code) : undefined));
    // The speakers' own voices: cloned once for every language (the clones speak them all).
    const cloner = s.req.voiceClone ? s.plan.voices[targets[0].language].engine : undefined;
    const clones: SavedClones | null = cloner
      ? await viaEngine(s, 'voice', cloner.id, () => speakerClones(s, cloner, info.durationSeconds))
      : null;
    // "Remove the original speech": the background (original minus its voice) made once for every language.
    const background = s.req.removeOriginalSpeech ? await separatedBackground(s) : undefined;
    const voiced = await Promise.allSettled(
      targets.map(async (t, i) => {
        checkAborted(s);
        const choice = s.plan.voices[t.language];
        const segments = withSpeakerVoices(t.segments, choice, speakersOf(s), t.language);
        // The voices the dub speaks (a voice per speaker): `engines.voice_<lang>` and the report's `speaker_voices`.
        // The job's `voices` stays the chosen one: a re-dub plans from it, and each speaker's voice is derived from it
        // (a changed `voices` would give every speaker another voice and voice every segment again).
        const used = voicesUsed(segments.segments, choice);
        s.engines[`voice_${t.language}`] = used.voice;
        s.voices[t.language] = choice.id;
        // The clones voice their speakers' segments; the tracks keep the regular voices (the editor's voice list
        // has no clones), and a re-dub applies the saved clones again (redub.runner.ts).
        const own = clones && clones.engine === choice.engine.id ? clones : null;
        if (segments.voices) s.speakerVoices[t.language] = segments.voices;
        const dub = {
          s,
          language: t.language,
          segments: withClones(segments.segments, own),
          choice,
          duration: info.durationSeconds,
          workDir: path.join(s.work, `voice-${t.language}`),
          mp3Path: files[i].mp3,
          mp4Path: files[i].mp4,
          charsPerSecond: t.charsPerSecond,
          background,
          onProgress: (f: number) => {
            shares[i] = f;
            report();
          },
        };
        const subtitles = dubbedSubtitles[i];
        const mp4 = files[i].mp4;
        const r =
          subtitles && mp4
            ? await dubLanguageNatural({ ...dub, mp4Path: mp4, cues: t.cues, ...subtitles })
            : { ...(await dubLanguage(dub)), addedSeconds: 0 };
        if (r.addedSeconds > 0) s.notes.push(videoSlowedNote(t.language, r.addedSeconds));
        t.placements = r.placements;
        const cutSeconds = unfittedClips(r.placements, info.durationSeconds)?.cutSeconds ?? 0;
        const rushed = r.sync.counts.overflow;
        if (rushed || cutSeconds > 0) s.notes.push(voiceRushedNote(t.language, { rushed, cutSeconds }));
        s.dubSegments[t.language] = {
          segments_total: t.segments.length,
          segments_synthesized: r.synthesized,
          sync: r.sync.counts,
          sync_shares: syncShares(r.sync.counts),
          ...(Object.keys(used.speakers).length ? { speaker_voices: used.speakers } : {}),
        };
      }),
    );
    // Every language has settled before the temporary folder goes; the first failure is the one reported.
    const failed = voiced.find((v) => v.status === 'rejected');
    if (failed) throw failed.reason;
  },
};
