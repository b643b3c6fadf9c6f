/**
 * What the configured engines can do, per studio language (GET /v1/capabilities): the same engine lists and the
 * same `supports` / `voices` answers the engine choice (engine-choice.ts) uses, so a language shown as available
 * is one a job can really be run in. Configuration only: no engine is called.
 */
import type { CapabilitiesResponse, VoiceInfo, VoiceTier } from '../../../contract/capabilities.ts';
import { LANGUAGE_NAMES, STUDIO_LANGUAGES } from '../../../contract/languages.ts';
import { voiceIdOf } from './engine-choice.ts';
import type { ConfiguredEngines } from './engine-problems.ts';
import { speechSupports } from './speech.engine.ts';
import type { Voice, VoiceEngine } from './voice.engine.ts';

/**
 * The tier of a voice: 'premium' for neural voices and voices of network engines (an OpenAI-compatible speech
 * server), 'standard' for the local ones (espeak-ng, flite).
 */
export function voiceTier(engine: VoiceEngine, voice: Voice): VoiceTier {
  return engine.kind === 'network' || voice.quality === 'neural' ? 'premium' : 'standard';
}

/** A voice as the API lists it. */
export function voiceInfo(engine: VoiceEngine, voice: Voice): VoiceInfo {
  return {
    id: voiceIdOf(engine, voice),
    name: voice.name,
    gender: voice.gender,
    engine: engine.id,
    tier: voiceTier(engine, voice),
  };
}

/** The capabilities of `engines` for the 11 studio languages, in the studio's order. */
export function capabilitiesOf(engines: ConfiguredEngines): CapabilitiesResponse {
  return {
    speech_language_detection: engines.speech.some((e) => e.detectsLanguage),
    rephrase: engines.translation.some((e) => !!e.rephrase),
    voice_cloning: engines.voice.some((e) => !!e.cloneVoice),
    voice_separation: (engines.separation?.length ?? 0) > 0,
    languages: STUDIO_LANGUAGES.map((code) => ({
      code,
      name: LANGUAGE_NAMES[code],
      speech: engines.speech.some((e) => speechSupports(e, code)),
      translation_from: STUDIO_LANGUAGES.filter(
        (from) => from !== code && engines.translation.some((e) => e.supports(from, code)),
      ),
      voices: engines.voice.flatMap((e) => e.voices(code).map((v) => voiceInfo(e, v))),
    })),
  };
}
