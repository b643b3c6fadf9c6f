/**
 * The engines' health behind /readyz: a check that failed once (a vendor's blip, or a check that ran past its 5 s
 * on a loaded machine) is asked again after the short failed-answer TTL, not shown as unavailable for 30 s; a good
 * answer is reused for the full TTL.
 */
import { describe, expect, it } from 'vitest';
import { createHealthReader } from '../../../server/src/engines/engine-health.ts';
import type { EngineSet } from '../../../server/src/engines/engine.registry.ts';
import type { TranslationEngine } from '../../../server/src/engines/translation.engine.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A translation engine whose check answers from `answers` in turn (the last one repeated); counts its checks. */
function flakyEngine(answers: boolean[]) {
  let calls = 0;
  const engine = {
    id: 'deepl',
    kind: 'network',
    available: async () => answers[Math.min(calls++, answers.length - 1)],
  } as unknown as TranslationEngine;
  return { engines: { speech: [], translation: [engine], voice: [] } as EngineSet, calls: () => calls };
}

describe('engine health reader', () => {
  it('asks a failed engine again after the failed-answer TTL and then shows it available', async () => {
    const { engines, calls } = flakyEngine([false, true]);
    const read = createHealthReader(engines, 10_000, 50);
    expect((await read())[0].available).toBe(false);
    await sleep(80);
    await read(); // starts the new check in the background, answers the old one at once
    await sleep(20);
    expect((await read())[0].available).toBe(true);
    expect(calls()).toBe(2);
  });

  it('reuses an answer where every engine was available for the whole TTL', async () => {
    const { engines, calls } = flakyEngine([true, false]);
    const read = createHealthReader(engines, 10_000, 50);
    expect((await read())[0].available).toBe(true);
    await sleep(80);
    expect((await read())[0].available).toBe(true);
    expect(calls()).toBe(1);
  });
});
