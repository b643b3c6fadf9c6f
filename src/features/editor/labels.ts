/** Words of the editor that come from the contract: the subtitle rules a cue can break. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CueRule } from '../../../contract/cues.ts';

/** What each rule warning says (Netflix Timed Text Style Guide limits; contract/cue-rules.ts). */
export const RULE_LABELS: Record<CueRule, MessageDescriptor> = {
  line_length: msg`A line is too long`,
  line_count: msg`More than 2 lines`,
  reading_speed: msg`Too fast to read`,
  min_duration: msg`Shown too briefly`,
  max_duration: msg`Shown too long`,
  gap: msg`Too close to the previous subtitle`,
  article_break: msg`A line ends with an article`,
  empty: msg`No text`,
};
