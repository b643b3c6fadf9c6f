/**
 * The media pipeline the job worker and the CLI call: a video or audio file in; per target language SRT and VTT
 * subtitles and a voice-over MP3 (and MP4 when the input has video) out, plus a transcript JSON.
 * Stages: probe -> transcribe -> cues -> translate -> subtitles -> voice_over -> finalize; each reports progress,
 * every stage honours the AbortSignal, and the temporary folder is always removed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EngineRegistry } from '../engines/engine.registry.ts';
import { languageLabel, normaliseLanguage } from '../engines/languages.ts';
import { cutCues, type Cue, type TimedWord } from './cue-cutter.ts';
import { rulesFor } from './cue-rules.ts';
import { MediaError } from './media-error.ts';
import { extractSpeechWav, probeMedia } from './probe.ts';
import { createProgress, type PipelineStage } from './progress.ts';
import { dropFillers, groupIntoUnits, tidyUnits, unitText } from './sentence-units.ts';
import { toSrt, toVtt } from './subtitle-writers.ts';
import { translateUnits } from './translation-fit.ts';
import { buildVoiceTrack, mixVoiceOver } from './voice-over.ts';

export type { PipelineStage } from './progress.ts';

export interface PipelineRequest {
  inputPath: string;
  sourceLanguage: string;
  targetLanguages: string[]; // studio codes: en-gb, es, fr, de, it, pt, ja, ko, zh, ar, hi (normalise en-gb -> en)
  subtitles: boolean;
  voiceOver: boolean;
  voiceMode: 'manual' | 'dubbing';
  baseName: string; // output file names: `${baseName}_${lang}.srt|.vtt|.mp3|.mp4` (spec section 9)
  outDir: string;
  signal?: AbortSignal;
  onProgress?: (p: { stage: PipelineStage; progress: number /* 0-100 overall */ }) => void;
}
export interface PipelineOutput {
  language: string;
  kind: 'subtitle_srt' | 'subtitle_vtt' | 'voice_over_mp3' | 'voice_over_mp4';
  path: string;
  filename: string;
  contentType: string;
}
export interface PipelineResult {
  sourceLanguage: string;
  languageAssumed: boolean;
  durationSeconds: number;
  hasVideo: boolean;
  outputs: PipelineOutput[];
  transcriptPath: string;
  engines: Record<string, string>;
  stageSeconds: Record<string, number>;
  notes: string[];
}

/** Per target language: the cues and the voice-over fit, for the transcript and the benchmark. */
export interface TargetReport {
  language: string;
  cues: Cue[];
  segments: { text: string; start: number; end: number }[];
  placements?: { start: number; end: number; speed: number; fitted: boolean }[];
}

/**
 * Runs the pipeline. Engines are planned first, so a language without an engine fails before any work.
 * @throws NoEngineError / MediaError (user-readable, with a code), the engines' errors (naming the engine),
 *         or the signal's reason when cancelled.
 */
export async function runMediaPipeline(req: PipelineRequest, registry: EngineRegistry): Promise<PipelineResult> {
  const plan = registry.planJob(req);
  const stages: PipelineStage[] = ['probe', 'transcribe', 'cues', 'translate', ...(req.subtitles ? ['subtitles' as const] : []), ...(req.voiceOver ? ['voice_over' as const] : []), 'finalize'];
  const progress = createProgress(stages, req.onProgress);
  const stageSeconds: Record<string, number> = {};
  const notes: string[] = [];
  const engines: Record<string, string> = {};
  const { signal } = req;
  let t0 = performance.now();
  const done = (stage: PipelineStage) => {
    stageSeconds[stage] = Math.round((performance.now() - t0) / 10) / 100;
    progress(stage, 1);
    t0 = performance.now();
  };
  const check = () => {
    if (signal?.aborted) throw signal.reason;
  };
  /** Engine failures become MediaError ENGINE_FAILED (the worker may retry those); the message names the engine. */
  const viaEngine = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (signal?.aborted || e instanceof MediaError) throw signal?.aborted ? signal.reason : e;
      throw new MediaError('ENGINE_FAILED', (e as Error).message);
    }
  };

  const work = await mkdtemp(path.join(os.tmpdir(), 'tarjama-media-'));
  const outputs: PipelineOutput[] = [];
  try {
    progress('probe', 0);
    const wav = path.join(work, 'speech.wav');
    // Probe and extraction run at once (two process start-ups overlap); the probe's verdict on a bad file wins
    // over the extraction's failure, so the user still reads why the file is unusable.
    const [probed, extracted] = await Promise.allSettled([probeMedia(req.inputPath, signal), extractSpeechWav(req.inputPath, wav, signal)]);
    if (probed.status === 'rejected') throw probed.reason;
    if (extracted.status === 'rejected') throw extracted.reason;
    const info = probed.value;
    done('probe');

    check();
    progress('transcribe', 0);
    engines.speech = plan.speech.id;
    const transcript = await viaEngine(() => plan.speech.transcribe(wav, { language: plan.sourceLanguage, signal }));
    const source = plan.sourceLanguage === 'auto' ? normaliseLanguage(transcript.language) : plan.sourceLanguage;
    if (plan.languageAssumed)
      notes.push(`The source language was assumed to be ${languageLabel(source)}: the speech engine (${plan.speech.id}) cannot detect the language.`);
    else if (transcript.detected) notes.push(`Detected source language: ${languageLabel(source)}.`);
    if (!dropFillers(transcript.words, source).length) throw new MediaError('NO_SPEECH', `No speech was recognised in the audio (${plan.speech.id}, ${languageLabel(source)}).`);
    done('transcribe');

    progress('cues', 0);
    const srcRules = rulesFor(source, plan.subtitleRules);
    const units = tidyUnits(groupIntoUnits(dropFillers(transcript.words, source), transcript.segments), source);
    const sourceCues = cutCues(units, source, srcRules);
    done('cues');

    check();
    const targets = new Map<string, { code: string; units: TimedWord[][]; texts: string[] }>();
    const requested = [...new Map(req.targetLanguages.map((c) => [normaliseLanguage(c), c.toLowerCase()])).entries()];
    const engineFor = new Map(requested.map(([lang]) => [lang, plan.translationFor(source, lang)]));
    let translated = 0;
    // Languages translate in parallel (separate processes or requests); results keep the request order.
    const results = await Promise.all(
      requested.map(async ([lang, code]) => {
        const engine = engineFor.get(lang);
        const r = engine
          ? await viaEngine(() => translateUnits(units, engine, source, lang, rulesFor(lang).joiner, signal))
          : { units, texts: units.map((u) => unitText(u)) };
        if (engine) engines[`translation_${lang}`] = engine.id;
        progress('translate', ++translated / requested.length);
        return [lang, { code, ...r }] as const;
      }),
    );
    for (const [lang, t] of results) targets.set(lang, t);
    done('translate');

    await mkdir(req.outDir, { recursive: true });
    const reports: TargetReport[] = [];
    const out = (language: string, kind: PipelineOutput['kind'], ext: string, contentType: string) => {
      const filename = `${req.baseName}_${language}.${ext}`;
      const o = { language, kind, path: path.join(req.outDir, filename), filename, contentType };
      outputs.push(o);
      return o.path;
    };
    for (const [lang, t] of targets) {
      const cues = lang === source ? cutCues(units, lang, rulesFor(lang, plan.subtitleRules)) : cutCues(t.units, lang, rulesFor(lang, plan.subtitleRules));
      reports.push({ language: lang, cues, segments: units.map((u, k) => ({ text: t.texts[k], start: u[0].start, end: u[u.length - 1].end })) });
      if (req.subtitles) {
        await writeFile(out(t.code, 'subtitle_srt', 'srt', 'application/x-subrip'), toSrt(cues));
        await writeFile(out(t.code, 'subtitle_vtt', 'vtt', 'text/vtt'), toVtt(cues));
      }
    }
    if (req.subtitles) done('subtitles');

    if (req.voiceOver) {
      const list = [...targets.entries()];
      const shares = list.map(() => 0);
      const report = () => progress('voice_over', shares.reduce((a, b) => a + b, 0) / list.length);
      // Languages are voiced at once (each mostly waits on synthesis and ffmpeg processes); each has its own folder.
      // Output paths are registered in request order, whichever language finishes first.
      const files = list.map(([, t]) => ({
        mp3: out(t.code, 'voice_over_mp3', 'mp3', 'audio/mpeg'),
        mp4: info.hasVideo ? out(t.code, 'voice_over_mp4', 'mp4', 'video/mp4') : undefined,
      }));
      const voiced = await Promise.allSettled(list.map(async ([lang], i) => {
        check();
        const choice = plan.voices[lang];
        engines[`voice_${lang}`] = `${choice.engine.id}:${choice.voice.id}`;
        const target = reports.find((r) => r.language === lang)!;
        const dir = path.join(work, `voice-${lang}`);
        await mkdir(dir);
        const track = await viaEngine(() => buildVoiceTrack({
          segments: target.segments,
          engine: choice.engine,
          voice: choice.voice.id,
          language: lang,
          duration: info.durationSeconds,
          workDir: dir,
          outPath: path.join(dir, 'track.wav'),
          signal,
          onProgress: (f) => {
            shares[i] = f * 0.8;
            report();
          },
        }));
        target.placements = track.placements;
        await mixVoiceOver({
          input: req.inputPath,
          voiceTrack: track.path,
          placements: track.placements,
          duration: info.durationSeconds,
          mp3Path: files[i].mp3,
          mp4Path: files[i].mp4,
          signal,
        });
        shares[i] = 1;
        report();
      }));
      // Every language has settled before the temporary folder goes; the first failure is the one reported.
      const failed = voiced.find((v) => v.status === 'rejected');
      if (failed) throw failed.reason;
      done('voice_over');
    }

    const transcriptPath = path.join(req.outDir, 'transcript.json');
    await writeFile(
      transcriptPath,
      JSON.stringify(
        {
          sourceLanguage: source,
          languageAssumed: plan.languageAssumed,
          durationSeconds: info.durationSeconds,
          words: transcript.words.map((w) => ({ text: w.text, start: w.start, end: w.end })),
          sentences: units.map((u) => ({ text: unitText(u), start: u[0].start, end: u[u.length - 1].end })),
          cues: sourceCues,
          targets: reports,
        },
        null,
        1,
      ),
    );
    done('finalize');
    return { sourceLanguage: source, languageAssumed: plan.languageAssumed, durationSeconds: info.durationSeconds, hasVideo: info.hasVideo, outputs, transcriptPath, engines, stageSeconds, notes };
  } catch (e) {
    // A failed or cancelled job leaves no half-written outputs behind.
    await Promise.all(outputs.map((o) => rm(o.path, { force: true })));
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
