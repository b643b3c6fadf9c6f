/**
 * A voice's name in the interface language. The embedded espeak-ng voices are named by the server in English
 * from their variant ('Male 3', 'Female 2', 'Klatt 1', or a given name such as 'Alex':
 * server/src/engines/voice/espeak.engine.ts `variantName`); those words are translated here, the number kept.
 * Any other name (a network engine's 'nova', 'Rachel') is a proper name and shown as given (issue 22 item 12).
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { VoiceInfo } from '../../contract/capabilities.ts';

const NUMBERED: Record<string, (n: string) => MessageDescriptor> = {
  Male: (n) => msg`Male ${n}`,
  Female: (n) => msg`Female ${n}`,
  Klatt: (n) => msg`Klatt ${n}`,
};

/** espeak-ng's named variants, written in the interface's script. */
const GIVEN: Record<string, MessageDescriptor> = {
  Alex: msg`Alex`,
  Andy: msg`Andy`,
  Denis: msg`Denis`,
  Gene: msg`Gene`,
};

/** The display name of `voice` in `i18n`'s language. */
export function voiceName(voice: Pick<VoiceInfo, 'name' | 'engine'>, i18n: I18n): string {
  if (voice.engine !== 'espeak-ng') return voice.name;
  const numbered = /^(Male|Female|Klatt) (\d+)$/.exec(voice.name);
  if (numbered) return i18n._(NUMBERED[numbered[1]](numbered[2]));
  const given = GIVEN[voice.name];
  return given ? i18n._(given) : voice.name;
}
