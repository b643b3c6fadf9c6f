/**
 * A default voice per language for a voice engine whose voices speak every language (the OpenAI-compatible one,
 * issue 26 item 6: every language used to get `alloy`). The engine's voices are offered as they are, with the
 * configured default for the language first, which is the voice chosen when a request names none
 * (engine-choice.ts takes the first voice offered). Setting: OPENAI_VOICE_DEFAULTS (`es:nova,fr:shimmer,*:alloy`).
 */
import type { VoiceEngine } from '../voice.engine.ts';

/**
 * The engine with `defaults[language]` (base code; `*` for any other language) offered first for each language.
 * A default the engine does not offer is ignored.
 */
export function withDefaultVoices(engine: VoiceEngine, defaults: Record<string, string>): VoiceEngine {
  if (!Object.keys(defaults).length) return engine;
  return {
    get id() {
      return engine.id;
    },
    kind: engine.kind,
    available: () => engine.available(),
    synthesize: (text, opts) => engine.synthesize(text, opts),
    voices(language) {
      const voices = engine.voices(language);
      const wanted =
        defaults[language.toLowerCase()] ?? defaults[language.toLowerCase().split('-')[0]] ?? defaults['*'];
      const i = voices.findIndex((v) => v.id === wanted);
      return i > 0 ? [voices[i], ...voices.slice(0, i), ...voices.slice(i + 1)] : voices;
    },
  };
}
