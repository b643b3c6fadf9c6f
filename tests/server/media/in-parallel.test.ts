import { describe, expect, it } from 'vitest';
import { inParallel } from '../../../server/src/media/voice-over.ts';

/** A task that yields to the event loop a few times, recording how many tasks run at once. */
function tracker() {
  let running = 0;
  let most = 0;
  const done: number[] = [];
  const task = async (i: number) => {
    running++;
    most = Math.max(most, running);
    for (let k = 0; k < 3 + (i % 3); k++) await new Promise((r) => setImmediate(r));
    running--;
    done.push(i);
  };
  return { task, done, most: () => most, running: () => running };
}

describe('inParallel (synthesis and stretching of voice clips)', () => {
  it('runs every task once, never more than the limit at a time', async () => {
    const t = tracker();
    await inParallel(7, 2, t.task);
    expect([...t.done].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(t.most()).toBe(2);
  });

  it('does nothing for no tasks and runs a single task alone', async () => {
    const t = tracker();
    await inParallel(0, 2, t.task);
    expect(t.done).toEqual([]);
    await inParallel(1, 2, t.task);
    expect(t.done).toEqual([0]);
    expect(t.most()).toBe(1);
  });

  it('rejects with the first failure only after the tasks already started have finished, and starts no more', async () => {
    const t = tracker();
    const started: number[] = [];
    const err = await inParallel(6, 2, async (i) => {
      started.push(i);
      if (i === 1) throw new Error('clip 1 failed');
      await t.task(i);
    }).catch((e: Error) => e);
    expect((err as Error).message).toBe('clip 1 failed');
    expect(t.running()).toBe(0);
    expect(started.length).toBeLessThan(6);
  });
});
