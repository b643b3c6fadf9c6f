/**
 * The media pipeline the job worker and the CLI call: a video or audio file in; per target language SRT and VTT
 * subtitles and a voice-over MP3 (and MP4 when the input has video) out, plus a transcript JSON.
 * A short composition of stage modules (stages/): probe -> extract -> transcribe -> speakers -> cues -> translate ->
 * subtitles -> voice_over -> finalize. Each stage reads and fills the shared `RunState` and saves its results as
 * artifacts (artifacts.ts) with the job; a retried job restores the stages whose artifacts exist (in order, up to
 * the first that must run) and so resumes after its last finished stage. Every stage honours the AbortSignal and
 * the temporary folder is always removed. The engines come from the caller's `EnginePlan` (registry.choose of the
 * same request), so a job is refused before it is queued.
 * Words follow the glossary in README.md: sentences are translated, cut into cues, and voiced as dub segments.
 */
import type { DubSegmentsReport } from '../../../contract/tracks.ts';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EnginePlan, EngineRequest } from '../engines/engine.registry.ts';
import type { JobNote } from '../../../contract/jobs.ts';
import type { Cue } from '../../../contract/cues.ts';
import { folderArtifacts, type ArtifactStore } from './artifacts.ts';
import { createProgress, type PipelineStage } from './progress.ts';
import type { Placement } from './voice-fit.ts';
import {
  checkAborted,
  need,
  type OwnWords,
  type PipelineOutput,
  type RunState,
  type StageModule,
} from './stages/stage.ts';
import { probeStage } from './stages/probe.ts';
import { extractStage } from './stages/extract.ts';
import { transcribeStage } from './stages/transcribe.ts';
import { cuesStage } from './stages/cues.ts';
import { speakersOf, speakersStage } from './stages/speakers.ts';
import { translateStage } from './stages/translate.ts';
import { subtitlesStage } from './stages/subtitles.ts';
import { voiceOverStage } from './stages/voice-over.ts';
import { finalizeStage } from './stages/finalize.ts';
import { ownWordsStage } from './stages/own-words.ts';
import { burnedSubtitlesStage } from './stages/burned-subtitles.ts';
import type { SubtitleStyle } from '../../../contract/jobs.ts';
import { tempFolderPrefix } from '../storage/temp-folders.ts';
import type { GlossarySnapshot } from '../../../contract/glossary.ts';

export type { PipelineStage } from './progress.ts';
export type { PipelineOutput } from './stages/stage.ts';

/** The stages, in order. A new stage is one module in stages/ and one line here. */
export const STAGES: StageModule[] = [
  probeStage,
  extractStage,
  transcribeStage,
  speakersStage,
  cuesStage,
  translateStage,
  subtitlesStage,
  burnedSubtitlesStage,
  voiceOverStage,
  finalizeStage,
];

/** The stages of a job with the user's own words: the own-words stage replaces transcribe and cues. */
export const OWN_WORDS_STAGES: StageModule[] = STAGES.flatMap((m) =>
  m === transcribeStage ? [] : m === cuesStage ? [ownWordsStage] : [m],
);

/**
 * A media request: the engine request (source, targets as studio codes such as 'en-gb', services subtitle and/or
 * voice_over, voice mode and chosen voices) plus the input and where outputs go.
 */
export interface PipelineRequest extends EngineRequest {
  inputPath: string;
  baseName: string; // output file names: `${baseName}_${lang}.srt|.vtt|.mp3|.mp4` (spec section 9)
  outDir: string;
  signal?: AbortSignal;
  onProgress?: (p: { stage: PipelineStage; progress: number /* 0-100 overall */ }) => void;
  /** Where the stages' artifacts are kept (a job's: storageArtifacts); in the run's work folder by default. */
  artifacts?: ArtifactStore;
  /** Stage modules to run instead of STAGES (e.g. a different source-cues stage). */
  stages?: StageModule[];
  /** The user's own words (uploaded .srt, .vtt or .txt): no recogniser runs (OWN_WORDS_STAGES). */
  ownWords?: OwnWords;
  /** Burned-in subtitle style; `bilingual` also for SRT/VTT. */
  subtitleStyle?: Partial<SubtitleStyle>;
  /** How many people speak (1 … 8; 1 skips the speakers stage); undefined: Auto. */
  numSpeakers?: number;
  /** The job's glossary snapshot: terms forced or kept in every target language (contract/glossary.ts). */
  glossary?: GlossarySnapshot;
  /** "Keep voices natural" (issue 20 item 3): the dubbed MP4 slows the picture where a voice would need > 1.15x. */
  keepVoicesNatural?: boolean;
  /** Voice-over in the speakers' own voices (voice-clones.ts): the voice engine must clone (`cloneVoice`). */
  voiceClone?: boolean;
  /** The dub mixed over the input's background, its voice removed (background.ts): needs `plan.separation`. */
  removeOriginalSpeech?: boolean;
}

export interface PipelineResult {
  sourceLanguage: string;
  languageAssumed: boolean;
  durationSeconds: number;
  hasVideo: boolean;
  outputs: PipelineOutput[];
  transcriptPath: string;
  /** Engines used: `speech`, `translation_<lang>`, `voice_<lang>` (the voice's API id `<engine>:<voice>`). */
  engines: Record<string, string>;
  /** Voice-over: the voice id each target language (base code) was dubbed with. */
  voices: Record<string, string>;
  stageSeconds: Record<string, number>;
  notes: JobNote[];
  /** The source cues and, per target language (base code), its cues: the editor's first revision. */
  tracks: { source: Cue[]; targets: Record<string, Cue[]> };
  /** Voice-over: per target language, segments in all and segments synthesised (the rest reused stored clips). */
  dubSegments: DubSegmentsReport;
  /** The speakers found (`S1` … in order of first appearance; empty for one speaker) with their median pitch, Hz. */
  speakers: { id: string; pitch: number }[];
  /** Voice-over: per target language, each speaker's voice (API id `<engine>:<voice>`). */
  speakerVoices: Record<string, Record<string, string>>;
  /** Names of the stage modules restored from artifacts instead of run. */
  restored: string[];
}

/**
 * Per target language: the cues, the dub segments (each translated sentence with the time slot its cues take,
 * seconds) and how each clip was fitted, for the transcript and the benchmark.
 */
export interface TargetReport {
  language: string;
  cues: Cue[];
  segments: { text: string; start: number; end: number }[];
  placements?: Placement[];
}

/**
 * Runs the pipeline with the engines of `plan` (`registry.choose(req)`).
 * @throws MediaError (user-readable, with a code), NoEngineError (a language detected after 'auto' that nothing
 *         translates), the engines' errors (naming the engine), or the signal's reason when cancelled.
 */
export async function runMediaPipeline(req: PipelineRequest, plan: EnginePlan): Promise<PipelineResult> {
  if (!plan.speech && !req.ownWords)
    throw new Error('The engine plan has no speech engine: it was chosen for a document request.');
  const modules = req.stages ?? (req.ownWords ? OWN_WORDS_STAGES : STAGES);
  const work = await mkdtemp(tempFolderPrefix('media'));
  const s: RunState = {
    req,
    plan,
    artifacts: req.artifacts ?? folderArtifacts(path.join(work, 'artifacts')),
    work,
    subtitles: req.services.includes('subtitle'),
    voiceOver: req.services.includes('voice_over'),
    progress: () => undefined,
    notes: [],
    engines: {},
    voices: {},
    outputs: [],
    dubSegments: {},
    speakerVoices: {},
  };
  const running = modules.filter((m) => !m.runsWhen || m.runsWhen(s));
  const progress = createProgress([...new Set(running.map((m) => m.stage))], req.onProgress);
  s.progress = progress;
  const stageSeconds: Record<string, number> = {};
  const restored: string[] = [];
  try {
    await mkdir(req.outDir, { recursive: true });
    // Resume: restore stages from their artifacts, in order, up to the first that cannot be restored.
    let resuming = true;
    for (const m of modules) {
      if (!resuming || !m.restore) continue;
      if (await m.restore(s)) restored.push(m.name);
      else resuming = false;
    }
    for (const m of modules) {
      if (restored.includes(m.name) || (m.runsWhen && !m.runsWhen(s))) {
        if (running.includes(m)) progress(m.stage, 1);
        continue;
      }
      checkAborted(s);
      const t0 = performance.now();
      progress(m.stage, 0);
      await m.run(s);
      stageSeconds[m.stage] = (stageSeconds[m.stage] ?? 0) + Math.round((performance.now() - t0) / 10) / 100;
      progress(m.stage, 1);
    }
    const info = need(s.info, 'the probe');
    const targets = need(s.targets, 'the translations');
    return {
      sourceLanguage: need(s.source, 'the source language'),
      languageAssumed: plan.languageAssumed,
      durationSeconds: info.durationSeconds,
      hasVideo: info.hasVideo,
      outputs: s.outputs,
      transcriptPath: need(s.transcriptPath, 'the transcript file'),
      engines: s.engines,
      voices: s.voices,
      stageSeconds,
      notes: s.notes,
      tracks: {
        source: need(s.sourceCues, 'the source cues').cues,
        targets: Object.fromEntries(targets.map((t) => [t.language, t.cues])),
      },
      dubSegments: s.dubSegments,
      speakers: speakersOf(s),
      speakerVoices: s.speakerVoices,
      restored,
    };
  } catch (e) {
    // A failed or cancelled job leaves no half-written outputs behind.
    await Promise.all(s.outputs.map((o) => rm(o.path, { force: true })));
    throw e;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
