/**
 * What the server's engines can do (GET /v1/capabilities), read once per visit, and the studio's rules built on
 * it: which source languages a media job can have, which targets can be reached from a source, and which voices
 * speak a target. A language the engines cannot serve is shown as unavailable with one plain sentence (never a
 * setting name); without an answer (offline, first visit) every language is offered and the server decides.
 */
import { create } from 'zustand';
import type { LanguageCapabilities, VoiceInfo, VoiceTier } from '../../contract/capabilities.ts';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { AUTO_LANGUAGE, normaliseLanguage } from '../../contract/languages.ts';
import { callApi } from './api-client.ts';

interface CapabilitiesState {
  /** By base code ('en', 'es'), null before the first answer. */
  languages: Record<string, LanguageCapabilities> | null;
  /** Whether a speech engine identifies the spoken language (Auto-detect for speech); null before the answer. */
  speechDetection: boolean | null;
  /** Whether a voice engine clones voices (the speakers' own voices, issue 21); null before the answer. */
  voiceCloning: boolean | null;
  /** Whether a voice separation engine removes the original speech (issue 21 item 4); null before the answer. */
  voiceSeparation: boolean | null;
  reading: Promise<void> | null;
  /** Reads GET /v1/capabilities once per visit (a failure is tried again on the next call). */
  load: () => Promise<void>;
}

export const useCapabilitiesStore = create<CapabilitiesState>((set, get) => ({
  languages: null,
  speechDetection: null,
  voiceCloning: null,
  voiceSeparation: null,
  reading: null,
  load() {
    const existing = get().reading;
    if (existing) return existing;
    const reading = callApi(ENDPOINTS.capabilities).then(
      (answer) =>
        set({
          languages: Object.fromEntries(answer.languages.map((l) => [l.code, l])),
          speechDetection: answer.speech_language_detection,
          voiceCloning: answer.voice_cloning,
          voiceSeparation: answer.voice_separation,
        }),
      () => set({ reading: null }),
    );
    set({ reading });
    return reading;
  },
}));

/** Why a language cannot be chosen: no speech recognition, no translation into it, or no voice speaking it. */
export type Unavailable = 'speech' | 'translation' | 'voice';

/** The source languages a media job's speech is recognised in ('auto' detects among them). */
function speechSources(caps: Record<string, LanguageCapabilities>): string[] {
  return Object.values(caps)
    .filter((l) => l.speech)
    .map((l) => l.code);
}

/**
 * Whether `code` can be a source language: for media its speech must be recognised, for documents any language
 * some target translates from. Null when it can (or nothing is known yet).
 */
export function sourceProblem(
  caps: Record<string, LanguageCapabilities> | null,
  kind: 'media' | 'document',
  code: string,
): Unavailable | null {
  if (!caps || code === AUTO_LANGUAGE) return null;
  const base = normaliseLanguage(code);
  if (kind === 'media') return caps[base]?.speech === false ? 'speech' : null;
  return Object.values(caps).some((l) => l.translation_from.includes(base)) ? null : 'translation';
}

/**
 * Whether `target` can be reached from `source` ('auto' for a media job: from any recognised speech language),
 * and spoken when a voice-over is asked. Null when it can (or nothing is known yet).
 */
export function targetProblem(
  caps: Record<string, LanguageCapabilities> | null,
  kind: 'media' | 'document',
  source: string,
  target: string,
  voiceOver: boolean,
): Unavailable | null {
  if (!caps) return null;
  const info = caps[normaliseLanguage(target)];
  if (!info) return null;
  // No source chosen yet (the spoken language is asked for): any recognised language may become it.
  const sources = source === AUTO_LANGUAGE || !source ? speechSources(caps) : [normaliseLanguage(source)];
  const reachable = sources.some((s) => s === info.code || info.translation_from.includes(s));
  if (!reachable) return 'translation';
  if (kind === 'media' && voiceOver && info.voices.length === 0) return 'voice';
  return null;
}

/**
 * Whether the engines have Premium (neural) voices for `targets` (any studio language when none is chosen yet):
 * true when at least one target has one, null before the server answered.
 */
export function hasPremiumVoices(caps: Record<string, LanguageCapabilities> | null, targets: string[]): boolean | null {
  if (!caps) return null;
  const langs = targets.length ? targets.map((t) => caps[normaliseLanguage(t)]) : Object.values(caps);
  return langs.some((l) => l?.voices.some((v) => v.tier === 'premium'));
}

/** The voices of a target language, the tier of the chosen quality first. */
export function voicesFor(
  caps: Record<string, LanguageCapabilities> | null,
  target: string,
  tier: VoiceTier,
): VoiceInfo[] {
  const voices = caps?.[normaliseLanguage(target)]?.voices ?? [];
  return [...voices.filter((v) => v.tier === tier), ...voices.filter((v) => v.tier !== tier)];
}

/** The sample URL of a voice speaking a language (an <audio> element plays it; the server caches it). */
export function voiceSampleUrl(voiceId: string, language: string): string {
  return `${ENDPOINTS.voiceSample.path.replace('{id}', encodeURIComponent(voiceId))}?language=${encodeURIComponent(
    language,
  )}`;
}
