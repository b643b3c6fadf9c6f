/**
 * How the editor shows a speaker's name: a speaker the user never named (the stored default "Speaker 2") in the
 * interface language ("المتحدث 2" in Arabic; issue 38 item 4), any name the user gave as they wrote it. The stored
 * name is unchanged, so each subtitle file still names the speaker in its own language (contract/speakers.ts).
 */
import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { isDefaultSpeakerName } from '../../../contract/speakers.ts';

/** The shown name of `sp` (`id` 'S2', `name` as stored) in `i18n`'s language. */
export function speakerNameShown(sp: { id: string; name?: string }, i18n: I18n): string {
  if (!isDefaultSpeakerName(sp.id, sp.name)) return sp.name!;
  const number = sp.id.replace(/^S/, '');
  return i18n._(msg`Speaker ${number}`);
}

/** speakerNameShown bound to the current interface language. */
export function useSpeakerName(): (sp: { id: string; name?: string }) => string {
  const { i18n } = useLingui();
  return useCallback((sp) => speakerNameShown(sp, i18n), [i18n]);
}
