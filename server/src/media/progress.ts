/**
 * Overall progress (0-100) of a pipeline run from per-stage fractions: each stage has a weight (its usual
 * share of the run's time), stages not in the run are left out.
 */
import type { MediaStage } from '../../../contract/jobs.ts';

/** A stage of the media pipeline (the contract's vocabulary). */
export type PipelineStage = MediaStage;

const WEIGHTS: Record<PipelineStage, number> = {
  probe: 3,
  transcribe: 40,
  speakers: 3,
  cues: 2,
  translate: 10,
  subtitles: 2,
  voice_over: 40,
  finalize: 3,
};

/** Tracks progress; `report(stage, fraction)` calls `onProgress` with the overall percentage (never decreasing). */
export function createProgress(
  stages: PipelineStage[],
  onProgress?: (p: { stage: PipelineStage; progress: number }) => void,
) {
  const total = stages.reduce((s, st) => s + WEIGHTS[st], 0);
  let last = -1;
  return (stage: PipelineStage, fraction: number) => {
    const before = stages.slice(0, stages.indexOf(stage)).reduce((s, st) => s + WEIGHTS[st], 0);
    const pct = Math.min(
      100,
      Math.floor(((before + WEIGHTS[stage] * Math.min(1, Math.max(0, fraction))) / total) * 100),
    );
    if (pct < last) return;
    last = pct;
    onProgress?.({ stage, progress: pct });
  };
}
