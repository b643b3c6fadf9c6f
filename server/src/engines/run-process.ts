/**
 * The one adapter through which engines and media stages run outside programs (apertium, pocketsphinx, espeak-ng,
 * flite, ffmpeg, rubberband, yt-dlp). Output is collected in memory; an AbortSignal kills the process. Children
 * run with the sound server switched off, so audio libraries leave nothing in TMPDIR or HOME (child-env.ts).
 */
import os from 'node:os';
import { spawn } from 'node:child_process';
import { childProcessEnv } from '../config/child-env.ts';

/** The nice value engines run at (0 normal, 19 lowest): below the API process, which keeps its default 0. */
export const ENGINE_NICENESS = 10;

/** Result of a finished process: its exit code and collected output (UTF-8). */
export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Thrown when a program cannot be started (not installed) or exits non-zero; the message names the program.
 * `signal` is the signal that ended it (killed by it, or, as ffmpeg does, exited on it), else null.
 */
export class ProcessError extends Error {
  constructor(
    message: string,
    readonly program: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly signal: NodeJS.Signals | null = null,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

/** The signals an init system or a terminal stops a service with (systemd's KillSignal, Ctrl-C, a closed terminal). */
const STOP_SIGNALS: ReadonlySet<string> = new Set(['SIGTERM', 'SIGINT', 'SIGHUP']);
/** ffmpeg's last line when it ends on a signal ("Exiting normally, received signal 15."), exit code 255. */
const FFMPEG_SIGNAL_LINE = /received signal (\d+)/;

/** The signal a program exited on: the one that killed it, or the one ffmpeg says it received. */
function exitSignal(signal: NodeJS.Signals | null, stderr: string): NodeJS.Signals | null {
  if (signal) return signal;
  const m = FFMPEG_SIGNAL_LINE.exec(stderr);
  if (!m) return null;
  const name = Object.entries(os.constants.signals).find(([, n]) => n === Number(m[1]))?.[0];
  return (name as NodeJS.Signals | undefined) ?? null;
}

/**
 * True when `err` (or an error in its `cause` chain) is a program that ended on a stop signal (SIGTERM, SIGINT,
 * SIGHUP): under systemd's default KillMode=control-group every process of the unit gets the worker's SIGTERM,
 * the engines too, and their failure is the shutdown's doing, not the job's (issue 39 item 1).
 */
export function endedByStopSignal(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof ProcessError && e.signal && STOP_SIGNALS.has(e.signal)) return true;
  return false;
}

/**
 * Options of `runProcess`. `input` is written to stdin; `allowFailure` returns non-zero exits instead of throwing;
 * `env` adds variables to the child's environment (always this process's with the sound server off, child-env.ts).
 * `onStdout` gets each chunk of standard output as it comes (all of it is still in the result): the progress a
 * program prints while it works.
 */
export interface RunOptions {
  signal?: AbortSignal;
  input?: string | Buffer;
  onStdout?: (chunk: Buffer) => void;
  allowFailure?: boolean;
  env?: Record<string, string>;
  cwd?: string;
}

/** Kills the process group led by `pid` (the program and every process it started); gone is fine. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Runs `program args` to completion, in its own process group (killed as a whole when aborted).
 * @throws ProcessError when the program is missing or exits non-zero (unless `allowFailure`);
 *         the signal's reason when aborted (the process is killed).
 */
export function runProcess(program: string, args: string[], opts: RunOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason);
    // Its own process group (issue 24): a program that is a script (apertium runs a pipeline of lt-proc, cg-proc...)
    // is stopped with all its children by killing the group, and a SIGTERM sent to the server's group (an
    // orchestrator's stop) does not kill it under a running job that the shutdown sequence hands back.
    const child = spawn(program, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: childProcessEnv(opts.env),
      cwd: opts.cwd,
      detached: true,
    });
    // Engines are batch work: they yield the CPU to the API's requests (issue 24 item 5, /healthz under a long
    // job); the programs an engine starts (Apertium's pipeline) inherit it. Set just after the start (Node has no
    // way to set it before exec), so only a program's first moments run at the API's priority.
    if (child.pid) {
      try {
        os.setPriority(child.pid, ENGINE_NICENESS);
      } catch {
        /* gone already: its exit is reported below */
      }
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const onAbort = () => {
      killGroup(child.pid);
      finish(() => reject(opts.signal!.reason));
    };
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => {
      out.push(d);
      opts.onStdout?.(d);
    });
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          new ProcessError(
            e.code === 'ENOENT'
              ? `${program} is not installed (not found on PATH)`
              : `${program} could not start: ${e.message}`,
            program,
            null,
            '',
          ),
        ),
      ),
    );
    child.on('close', (code, killedBy) =>
      finish(() => {
        const result = {
          code: code ?? -1,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        };
        if (result.code !== 0 && !opts.allowFailure) {
          const tail = result.stderr.trim().split('\n').slice(-3).join(' ').slice(0, 400);
          const signal = exitSignal(killedBy, result.stderr);
          reject(
            new ProcessError(
              `${program} failed (${killedBy ? `killed by ${killedBy}` : `exit ${result.code}`})${tail ? `: ${tail}` : ''}`,
              program,
              result.code,
              result.stderr,
              signal,
            ),
          );
        } else resolve(result);
      }),
    );
    child.stdin.on('error', () => {}); // the program may exit before reading all input
    child.stdin.end(opts.input ?? '');
  });
}

/** True when `program` can be started (checked with `which`-like lookup through `sh -c 'command -v'`). */
export async function programExists(program: string): Promise<boolean> {
  const r = await runProcess('sh', ['-c', `command -v ${program}`], { allowFailure: true }).catch(() => null);
  return !!r && r.code === 0;
}
