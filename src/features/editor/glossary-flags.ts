/**
 * The glossary flags of the tracks the editor shows (GET/PUT /v1/jobs/{id}/tracks `glossary`): per target
 * language and cue id, the terms whose required rendering the cue lacks. Replaced by every tracks answer, so a
 * cue fixed and saved loses its mark.
 */
import { create } from 'zustand';
import type { GlossaryFlags } from '../../../contract/glossary.ts';

export const useGlossaryFlags = create<{ flags: GlossaryFlags }>(() => ({ flags: {} }));

/** Records the flags of a tracks answer and passes the answer on. */
export function withGlossaryFlags<T extends { glossary?: GlossaryFlags }>(answer: T): T {
  useGlossaryFlags.setState({ flags: answer.glossary ?? {} });
  return answer;
}
