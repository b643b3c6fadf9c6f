/**
 * What a pipeline stage module is and the state the stages share. Each stage reads what earlier stages put in
 * the `RunState`, does its work, puts its results back and saves them as artifacts (artifacts.ts); a stage that
 * can `restore` its results from saved artifacts is skipped on a retried run. Adding a stage = one module here
 * plus one line in pipeline.ts's STAGES.
 */
import type { EngineFallback } from '../../engines/engine-fallback.ts';
import type { DubSegmentsReport } from '../../../../contract/tracks.ts';
import type { DubSegment } from '../../../../contract/dub-segments.ts';
import type { EnginePlan } from '../../engines/engine.registry.ts';
import type { Transcript } from '../../engines/speech.engine.ts';
import type { EngineStage } from '../../../../contract/errors.ts';
import type { JobNote, OutputKind, SubtitleStyle } from '../../../../contract/jobs.ts';
import type { SpeakerTurn } from '../../engines/speakers.engine.ts';
import type { Cue } from '../../../../contract/cues.ts';
import type { GlossarySnapshot } from '../../../../contract/glossary.ts';
import type { ArtifactStore } from '../artifacts.ts';
import type { TimedWord } from '../cue-cutter.ts';
import { MediaError } from '../media-error.ts';
import { engineFailure } from '../../engines/engine-failure.ts';
import { StorageError } from '../../storage/file-storage.ts';
import type { MediaInfo } from '../probe.ts';
import type { PipelineStage } from '../progress.ts';
import type { Placement } from '../voice-fit.ts';

/** One output file of the run. */
export interface PipelineOutput {
  language: string;
  kind: Exclude<OutputKind, 'document'>;
  path: string;
  filename: string;
  contentType: string;
}

/**
 * One target language after `translate` (artifact `translation/<lang>.json`): the request's code (e.g. 'en-gb'),
 * the translated sentence texts and sentences with fitted word times, the cues and the dub segments.
 */
export interface TargetTrack {
  language: string;
  code: string;
  texts: string[];
  sentences: TimedWord[][];
  cues: Cue[];
  segments: DubSegment[];
  placements?: Placement[];
  /** Voice-over: the voice's measured speaking rate, characters per second (speaking-rate.ts). */
  charsPerSecond?: number;
  /** Voice-over: sentences over their character budget after translation, asked again, and fitted then. */
  budgetFit?: { over: number; asked: number; fitted: number };
}

/** The transcript artifact (`transcript.json`): the recogniser's words and utterances, the source language. */
export interface SavedTranscript extends Transcript {
  /** The source language (base code) the run settled on. */
  source: string;
  /** Recognisers that failed and passed the audio on (speech/fallback.ts); absent: none. */
  fallbacks?: EngineFallback[];
}

/** The source-cues artifact (`source-cues.json`): sentences (timed words) and the cues cut from them. */
export interface SourceCues {
  sentences: TimedWord[][];
  cues: Cue[];
}

/** A transcript word with its speaker. Seconds. */
export interface SpeakerWord {
  text: string;
  start: number;
  end: number;
  speaker: string;
}

/**
 * The speakers artifact: the engine, the turns (seconds, speakers `S1` …), each transcript word's speaker and each
 * speaker's median pitch (Hz, 0 when none was voiced; measured on the recording whichever engine diarized, the
 * classic engine's detector: audio/speaker-features.ts) from which the dub picks their voices (speaker-voices.ts).
 */
export interface SpeakerTrack {
  engine: string;
  turns: SpeakerTurn[];
  words: SpeakerWord[];
  pitch?: Record<string, number>;
}

/** The user's own words of a request: a local copy of the uploaded file, its extension, its declared charset. */
export interface OwnWords {
  path: string;
  extension: string;
  charset?: string;
}

/** What the stages of one run share. Fields marked "by <stage>" are set by that stage (or its restore). */
export interface RunState {
  readonly req: {
    inputPath: string;
    baseName: string;
    outDir: string;
    targetLanguages: readonly string[];
    services: readonly string[];
    signal?: AbortSignal;
    /** The user's own words (an uploaded .srt, .vtt or .txt) instead of the recogniser (stages/own-words.ts). */
    ownWords?: OwnWords;
    /** Style of burned-in subtitles; `bilingual` also makes the SRT/VTT two-line (source above target). */
    subtitleStyle?: Partial<SubtitleStyle>;
    /** How many people speak (1 … 8); undefined: Auto (stages/speakers.ts). */
    numSpeakers?: number;
    /** The job's glossary snapshot (contract/glossary.ts), applied by the translate stage. */
    glossary?: GlossarySnapshot;
    /** "Keep voices natural" (issue 20 item 3): the dubbed MP4 slows the picture (stages/natural-dub.ts). */
    keepVoicesNatural?: boolean;
    /** Voice-over in the speakers' own voices: each speaker cloned (voice-clones.ts). */
    voiceClone?: boolean;
    /** "Remove the original speech, keep the rest": the dub mixed over the background (background.ts). */
    removeOriginalSpeech?: boolean;
  };
  readonly plan: EnginePlan;
  readonly artifacts: ArtifactStore;
  /** The run's temporary folder (removed at the end). */
  readonly work: string;
  readonly subtitles: boolean;
  readonly voiceOver: boolean;
  /** Reports the fraction (0..1) of a stage done. */
  progress(stage: PipelineStage, fraction: number): void;
  notes: JobNote[];
  engines: Record<string, string>;
  voices: Record<string, string>;
  outputs: PipelineOutput[];
  /** by probe */
  info?: MediaInfo;
  /** by extract: 16 kHz mono WAV of the speech (only when transcribe must run). */
  wavPath?: string;
  /** by transcribe */
  transcript?: SavedTranscript;
  /** by transcribe: the source language (base code). */
  source?: string;
  /** by speakers: the turns and each word's speaker (absent when the stage is skipped: one speaker). */
  speakers?: SpeakerTrack;
  /** by cues */
  sourceCues?: SourceCues;
  /** by translate, in request order */
  targets?: TargetTrack[];
  /** by voice_over: per language, each speaker's voice (API id `<engine>:<voice>`; issue 19), when speakers were found. */
  speakerVoices: Record<string, Record<string, string>>;
  /** by voice_over: per language, segments in all and segments synthesised (the others reused stored clips). */
  dubSegments: DubSegmentsReport;
  /** by finalize */
  transcriptPath?: string;
}

/** A stage module. */
export interface StageModule {
  /** The module's name (artifacts and logs), e.g. 'extract'. */
  name: string;
  /** The contract stage it reports progress under (contract/jobs.ts MEDIA_STAGES). */
  stage: PipelineStage;
  /** Whether it runs in this request (default: always). */
  runsWhen?(s: RunState): boolean;
  /** Loads its saved results into `s`; true when it could (the stage is then not run). */
  restore?(s: RunState): Promise<boolean>;
  /** Does the work, fills `s` and saves its artifacts. */
  run(s: RunState): Promise<void>;
}

/** Throws the signal's reason once the run is cancelled. */
export function checkAborted(s: RunState): void {
  if (s.req.signal?.aborted) throw s.req.signal.reason;
}

/**
 * Runs an engine call; engine failures become MediaError ENGINE_FAILED (the worker may retry those), or
 * ENGINE_QUOTA_EXCEEDED / ENGINE_INPUT_TOO_LARGE / ENGINE_REFUSED when a retry cannot help (engine-failure.ts),
 * a storage failure inside the call (e.g. saving voice clips) becomes STORAGE_UNAVAILABLE (retried):
 * the message names the stage and the engine, the engine's own words are the detail (logs, support), never the
 * user's text.
 */
export async function viaEngine<T>(
  s: RunState,
  stage: EngineStage | 'speakers' | 'separation',
  engineId: string,
  fn: () => Promise<T>,
): Promise<T> {
  const signal = s.req.signal;
  try {
    return await fn();
  } catch (e) {
    if (signal?.aborted || e instanceof MediaError) throw signal?.aborted ? signal.reason : e;
    // The bucket refuses this server's credentials: the operator must fix them, a retry cannot pass.
    if (e instanceof StorageError && e.code === 'ACCESS_DENIED')
      throw new MediaError('STORAGE_ACCESS_DENIED', undefined, e.message);
    // Keeping or fetching the stage's files failed, not the engine (a retry of the job may pass).
    if (e instanceof StorageError)
      throw new MediaError(
        'STORAGE_UNAVAILABLE',
        `The file storage failed while the ${stage} stage kept its files. Please try again later.`,
        e.message,
      );
    const { code, message } = engineFailure(e, stage, engineId);
    throw new MediaError(code, message, (e as Error).message);
  }
}

/** Requires a field an earlier stage sets (a programming error otherwise). */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Pipeline stage order: ${what} is not there yet.`);
  return value;
}
