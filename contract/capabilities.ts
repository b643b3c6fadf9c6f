/**
 * What the server's configured engines can do (GET /v1/capabilities), per studio language: whether speech in it
 * is recognised (a media job's source), which languages translate into it, and the voices that speak it. The web
 * app offers what works and shows the rest as unavailable; a job that asks for more is refused with NO_ENGINE
 * (`problems`) or VOICE_NOT_AVAILABLE. Voices are chosen per target language (`TranslateJobRequest.voices`)
 * and can be heard first (GET /v1/voices/{id}/sample?language=xx).
 */
import * as v from 'valibot';
import { LanguageCode, STUDIO_LANGUAGES } from './languages.ts';

/**
 * Voice tiers: 'premium' for neural voices (network engines such as an OpenAI-compatible speech server),
 * 'standard' for the local voices (espeak-ng, flite). The voice-over mode picks a tier by default ('manual' is
 * labelled Standard, 'dubbing' Premium); a voice chosen by the user is used whatever the mode.
 */
export const VOICE_TIERS = ['standard', 'premium'] as const;
export type VoiceTier = (typeof VOICE_TIERS)[number];

export const VOICE_GENDERS = ['male', 'female', 'neutral'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

/**
 * One voice. `id` is `<engine>:<engine's voice id>` (for example 'espeak-ng:es+f2', 'openai:nova'): the value of
 * `TranslateJobRequest.voices[language]` and of the sample's `{id}`. `name` is a display name (a proper name or
 * "Female 2"), `engine` the engine's id.
 */
export const VoiceInfo = v.object({
  id: v.string(),
  name: v.string(),
  gender: v.picklist(VOICE_GENDERS),
  engine: v.string(),
  tier: v.picklist(VOICE_TIERS),
});
export type VoiceInfo = v.InferOutput<typeof VoiceInfo>;

/**
 * One studio language: `speech` when a media job can have it as its source language (its speech is recognised),
 * `translation_from` the base codes of the languages translated into it (empty: no translation into it at all),
 * `voices` the voices that speak it, in the order the server prefers them (empty: no voice-over in it).
 */
export const LanguageCapabilities = v.object({
  code: v.picklist(STUDIO_LANGUAGES),
  name: v.string(),
  speech: v.boolean(),
  translation_from: v.array(v.string()),
  voices: v.array(VoiceInfo),
});
export type LanguageCapabilities = v.InferOutput<typeof LanguageCapabilities>;

/**
 * GET /v1/capabilities: the 11 studio languages in the studio's order, and `speech_language_detection`: true when
 * a configured speech engine tells which language is spoken (a media job's source 'auto', Auto-detect); false when
 * none can, and the spoken language must be named (issue 22, item 3: speech in a language the recogniser does not
 * know must never be recognised as another language and billed).
 */
export const CapabilitiesResponse = v.object({
  languages: v.array(LanguageCapabilities),
  speech_language_detection: v.boolean(),
  /**
   * True when a configured translation engine can rephrase a line shorter (a chat-completions model; issue 20
   * item 2): dub lines over their time are then asked again within their character budget, and the editor's
   * Shorten works. False with Apertium, DeepL and LibreTranslate only: long lines are flagged, left as translated.
   */
  rephrase: v.boolean(),
  /**
   * True when a configured voice engine clones voices (ElevenLabs, issue 21 item 4): a voice-over may then ask
   * `voice_clone` (the speakers' own voices, priced at the `voice_clone` rate). False otherwise.
   */
  voice_cloning: v.boolean(),
  /**
   * True when a voice separation engine is configured (ElevenLabs audio isolation or a server answering its
   * contract, issue 21 item 4): a voice-over may then ask `remove_original_speech` (the dub over the original's
   * music and sounds with its speech removed, instead of over the ducked original). False otherwise.
   */
  voice_separation: v.boolean(),
});
export type CapabilitiesResponse = v.InferOutput<typeof CapabilitiesResponse>;

/**
 * The voice chosen per target language (`{ es: 'espeak-ng:es+f2' }`), keyed by a target language code of the
 * request ('en-gb' and 'en' name the same language). Languages without an entry get the mode's default voice.
 */
export const VoiceChoices = v.record(
  LanguageCode,
  v.pipe(v.string('a voice id is a string'), v.minLength(1, 'a voice id is required'), v.maxLength(100)),
);
export type VoiceChoices = v.InferOutput<typeof VoiceChoices>;

/** GET /v1/voices/{id}/sample?language=es: the language the sample sentence is spoken in. */
export const VoiceSampleQuery = v.object({ language: LanguageCode });
export type VoiceSampleQuery = v.InferOutput<typeof VoiceSampleQuery>;
