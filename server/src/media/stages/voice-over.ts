/**
 * Stage voice_over: per target language its dub segments voiced (clips reused from the artifacts when stored
 * under the same text, voice, engine and speed), mixed over the original (ducked by 18 dB) or, with
 * `remove_original_speech`, over its background made once for every language (background.ts, ducked by 6 dB), and
 * encoded as MP3 (and MP4 when the input has video). Saves `dub/<lang>.json` (the segments voiced, the voice) so a
 * re-dub knows what changed (dub-language.ts). Languages are voiced at once, each in its own folder; outputs are registered in request
 * order.
 * @throws MediaError ENGINE_FAILED (and the other engine failure codes), SEPARATION_NOT_AVAILABLE, FFMPEG_FAILED.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceChoice } from '../../engines/engine.registry.ts';
import { backgroundOf } from '../background.ts';
import { MAX_FITTED_SPEED, unfittedClips } from '../voice-fit.ts';
import { syncShares } from '../../../../contract/sync.ts';
import type { JobNote } from '../../../../contract/jobs.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { addOutput } from './outputs.ts';
import { dubLanguage } from './dub-language.ts';
import { dubLanguageNatural, videoSlowedNote } from './natural-dub.ts';
import { assignSpeakerVoices } from '../speaker-voices.ts';
import { voicesUsed } from '../voices-used.ts';
import { speakersOf } from './speakers.ts';
import { speakerClones, withClones, type SavedClones } from '../voice-clones.ts';
import type { DubSegment } from '../dub-segments.ts';
import { checkAborted, need, viaEngine, type RunState, type StageModule } from './stage.ts';

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
