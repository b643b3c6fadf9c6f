/**
 * What the engine contract suites share: a WAV header read independently of the product's own reader (so a suite
 * does not check a file with the code that wrote it), the outcome of a call that should reject (with how long it
 * took), and a private temporary folder (os.tmpdir() answers TMPDIR) to see what an aborted call leaves behind.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { engineFailure, type EngineFailureCode } from '../../../../server/src/engines/engine-failure.ts';

/**
 * A PCM WAV file's header: format tag (1 = PCM), channels, rate (Hz), bits per sample, frames, seconds, and where
 * the samples start (bytes).
 */
export interface WavHeader {
  dataOffset: number;
  format: number;
  channels: number;
  rate: number;
  bits: number;
  frames: number;
  seconds: number;
}

/**
 * Reads the RIFF/WAVE header of `file`: the `fmt ` chunk and the `data` chunk's size (RIFF, Microsoft's WAVE
 * specification). Fails the test when the file is no RIFF/WAVE, lacks either chunk, or declares more data than it
 * holds.
 */
export async function readWavHeader(file: string): Promise<WavHeader> {
  const b = await readFile(file);
  expect(b.subarray(0, 4).toString('latin1'), `${file}: RIFF`).toBe('RIFF');
  expect(b.subarray(8, 12).toString('latin1'), `${file}: WAVE`).toBe('WAVE');
  let fmt: Omit<WavHeader, 'frames' | 'seconds' | 'dataOffset'> | undefined;
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.subarray(at, at + 4).toString('latin1');
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ')
      fmt = {
        format: b.readUInt16LE(at + 8),
        channels: b.readUInt16LE(at + 10),
        rate: b.readUInt32LE(at + 12),
        bits: b.readUInt16LE(at + 22),
      };
    if (id === 'data') {
      expect(fmt, `${file}: a fmt chunk before data`).toBeDefined();
      const held = b.length - (at + 8);
      expect(size, `${file}: data size within the file`).toBeLessThanOrEqual(held);
      const frames = Math.floor(size / ((fmt!.bits / 8) * fmt!.channels));
      return { ...fmt!, frames, seconds: frames / fmt!.rate, dataOffset: at + 8 };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

/** How a call that should fail ended: its error (undefined when it resolved) and the milliseconds it took. */
export interface Rejection {
  error: unknown;
  ms: number;
}

/** Awaits `p`, timing it from `since` (ms, Date.now()); `error` is undefined when `p` resolved. */
export async function rejectionOf(p: Promise<unknown>, since = Date.now()): Promise<Rejection> {
  return p.then(
    () => ({ error: undefined, ms: Date.now() - since }),
    (error: unknown) => ({ error, ms: Date.now() - since }),
  );
}

/** Asserts an aborted call rejected with the signal's reason (or an AbortError). */
export function expectAbortReason(error: unknown, reason: unknown): void {
  expect(error, 'the call rejected').toBeDefined();
  if (error === reason) return;
  expect((error as Error).name, `rejected with ${String(error)}, not the signal's reason`).toBe('AbortError');
}

/** Asserts `error` is an Error whose message names the engine (case-insensitive) and maps to `code` when given. */
export function expectEngineError(
  error: unknown,
  stage: string,
  engineNames: readonly string[],
  code?: EngineFailureCode,
): void {
  expect(error, 'the call rejected').toBeInstanceOf(Error);
  const message = (error as Error).message.toLowerCase();
  expect(
    engineNames.some((n) => message.includes(n.toLowerCase())),
    `"${(error as Error).message}" names the engine (${engineNames.join(' or ')})`,
  ).toBe(true);
  if (code) expect(engineFailure(error, stage, engineNames[0]).code).toBe(code);
}

/** A reason for aborting that no engine could make up itself. */
export const contractAbort = () => Object.assign(new Error('aborted by the contract suite'), { name: 'ContractAbort' });

/**
 * Runs `fn` with os.tmpdir() pointing at a new empty folder (TMPDIR, put back after) and returns what was left in it
 * once `fn` settled, with `fn`'s outcome. Server tests run in forks, one file at a time per fork (vitest.config.ts).
 * The emulated vendors run in this process too: their own folders (`fake-…`, the vendor still working on a request
 * the engine gave up) are not the engine's and are left out.
 */
export async function leftInTmp<T>(fn: () => Promise<T>): Promise<{ left: string[]; outcome: Rejection }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'contract-tmp-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const outcome = await rejectionOf(fn());
    return { left: (await readdir(tmp)).filter((f) => !f.startsWith('fake-')), outcome };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The contract of an abort during a call: `call(signal)` is started, the signal aborted after `afterMs`, and the
 * call must reject with the abort's reason within 2 s of it; with `noTempFiles`, leaving nothing in the temp folder.
 */
export async function expectAbortMidCall(
  call: (signal: AbortSignal) => Promise<unknown>,
  afterMs: number,
  noTempFiles = true,
): Promise<void> {
  const reason = contractAbort();
  const ac = new AbortController();
  let abortedAt = 0;
  const started = () => {
    setTimeout(() => {
      abortedAt = Date.now();
      ac.abort(reason);
    }, afterMs);
    return call(ac.signal);
  };
  const { left, outcome } = noTempFiles
    ? await leftInTmp(started)
    : { left: [], outcome: await rejectionOf(started()) };
  expect(abortedAt, 'the call was still running when aborted').toBeGreaterThan(0);
  expectAbortReason(outcome.error, reason);
  expect(Date.now() - abortedAt).toBeLessThan(2000);
  expect(left).toEqual([]);
}
