/**
 * The environment of the programs the engines and media stages run (espeak-ng, flite, apertium, pocketsphinx,
 * ffmpeg, rubberband, yt-dlp): this process's environment, with the sound server switched off.
 *
 * Why: espeak-ng 1.51 opens its audio device through libpcaudio even when it only writes a WAV file (`-w`), and
 * libpcaudio opens PulseAudio. Looking for the default server, libpulse creates `$TMPDIR/pulse-<id>/` and the
 * symlink `~/.config/pulse/<machine-id>-runtime`, and never removes them: litter in the system's temp folder and
 * the service user's home on every machine, and in a test's private TMPDIR. Measured with strace on Debian
 * (libpulse 16.1):
 * - `PULSE_SERVER=unix:<path that does not exist>`: one connect() that fails with ENOENT, then espeak-ng writes
 *   its WAV; no folder, link or cookie is created anywhere, no DNS lookup, no autospawn (libpulse only autospawns
 *   when no server is named).
 * - `PULSE_SERVER=none` is read as a host name: a DNS query per synthesis. Rejected.
 * - `XDG_RUNTIME_DIR` (and HOME) inside the job's work folder: libpulse then writes `<dir>/pulse/` there instead;
 *   it works only if every call gets a folder and the folder is removed afterwards. Rejected as weaker.
 * No product program plays sound, so no server is ever needed.
 */

/** A socket path that cannot exist (the folder does not), so libpulse gives up at once. */
export const NO_SOUND_SERVER = 'unix:/nonexistent/tarjama-no-sound-server';

/** The environment for a child program: this process's (read now, so a changed TMPDIR is seen) plus `extra`. */
export function childProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PULSE_SERVER: NO_SOUND_SERVER, ...extra };
}
