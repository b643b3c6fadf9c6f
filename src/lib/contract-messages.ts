/**
 * Translations of the English validation messages the contract's request schemas carry (contract/auth.ts,
 * users.ts, jobs.ts, uploads.ts, billing.ts, languages.ts). The forms validate with those schemas and the server
 * answers VALIDATION_FAILED with the same messages per field; both are shown through this table, keyed by the
 * English text (kept here because production builds strip the English source from descriptors).
 * tests/unit/contract-messages.test.ts fails when a schema carries a message this table lacks.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const CONTRACT_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  // contract/auth.ts and users.ts (spec section 5)
  'Email is required': msg`Email is required`,
  'Please enter a valid email address': msg`Please enter a valid email address`,
  'Password is required': msg`Password is required`,
  'At least 8 characters long': msg`At least 8 characters long`,
  'Contains at least one uppercase letter': msg`Contains at least one uppercase letter`,
  'Contains at least one lowercase letter': msg`Contains at least one lowercase letter`,
  'Contains at least one number': msg`Contains at least one number`,
  'At most 256 characters long': msg`At most 256 characters long`,
  'Name must be at least 2 characters.': msg`Name must be at least 2 characters.`,
  'Name must be at most 100 characters.': msg`Name must be at most 100 characters.`,
  'The verification code has 6 digits': msg`The verification code has 6 digits`,
  'Incorrect email or password.': msg`Incorrect email or password.`,
  'Password reset token is missing.': msg`Password reset token is missing.`,
  'Invalid or expired token.': msg`Invalid or expired token.`,
  'Language must be en or ar.': msg`Language must be en or ar.`,
  'Invalid email address.': msg`Invalid email address.`,
  // contract/text-hygiene.ts (every single-line text field and file names)
  'Control characters (such as NUL) are not allowed.': msg`Control characters (such as NUL) are not allowed.`,
  // contract/uploads.ts
  'filename is required': msg`The file name is missing.`,
  'filename is too long': msg`The file name is too long.`,
  'content_type is required': msg`The file type is missing.`,
  // contract/jobs.ts and languages.ts
  'media_url is required': msg`Choose a file or a YouTube link first.`,
  'media_url is too long': msg`The link is too long.`,
  'must be a language code': msg`Choose a language from the list.`,
  'is not a language code': msg`Choose a language from the list.`,
  "is not a language code or 'auto'": msg`Choose a language from the list, or Auto-detect.`,
  'target_languages must be a list of language codes': msg`Choose the target languages from the list.`,
  'Please select at least one target language': msg`Please select at least one target language`,
  'at most 20 target languages': msg`Choose at most 20 target languages.`,
  'services_to_run holds subtitle and/or voice_over': msg`Choose subtitles, voice-over or both`,
  'Choose subtitles, voice-over or both': msg`Choose subtitles, voice-over or both`,
  "voice_over_mode is 'manual' or 'dubbing'": msg`Choose Standard or Premium voice-over.`,
  'Choose a colour for the subtitles.': msg`Choose a colour for the subtitles.`,
  'Choose a font size from 16 to 96.': msg`Choose a font size from 16 to 96.`,
  'Choose an outline or a box behind the subtitles.': msg`Choose an outline or a box behind the subtitles.`,
  'Choose the top or the bottom of the picture for the subtitles.': msg`Choose the top or the bottom of the picture for the subtitles.`,
  'Turn bilingual subtitles on or off.': msg`Turn bilingual subtitles on or off.`,
  'Choose Auto or 1 to 8 speakers.': msg`Choose Auto or 1 to 8 speakers.`,
  'keep_voices_natural is true or false': msg`Turn Keep voices natural on or off.`,
  'voice_clone is true or false': msg`Turn Use the speakers' own voices on or off.`,
  'voice_clone_consent is true or false': msg`Tick or untick your consent to clone the voices.`,
  'remove_original_speech is true or false': msg`Turn Remove the original speech on or off.`,
  'The subtitle style is not valid.': msg`The subtitle style is not valid.`,
  'Choose the language the document is written in': msg`Choose the language the document is written in.`,
  "services_to_run is ['document']": msg`A document job can only translate the document.`,
  'Choose at least one service': msg`Choose at least one output.`,
  'limit is a whole number': msg`The number of jobs to list must be a whole number.`,
  'limit is at least 1': msg`The number of jobs to list must be at least 1.`,
  'limit is at most 1000': msg`The number of jobs to list must be at most 1,000.`,
  // contract/capabilities.ts (voices chosen per target language)
  'a voice id is a string': msg`Choose a voice from the list.`,
  'a voice id is required': msg`Choose a voice from the list.`,
  // contract/tracks.ts (the editor)
  'a cue id is required': msg`A subtitle is missing its identifier. Reload the editor.`,
  'start is a number of seconds': msg`A start time must be a number of seconds.`,
  'start cannot be negative': msg`A start time cannot be negative.`,
  'end is a number of seconds': msg`An end time must be a number of seconds.`,
  'end cannot be negative': msg`An end time cannot be negative.`,
  'text is required': msg`A subtitle needs text.`,
  'a cue holds at most 1000 characters': msg`A subtitle holds at most 1,000 characters.`,
  'a track holds at most 10,000 cues': msg`A track holds at most 10,000 subtitles.`,
  'revision is required': msg`The version of the subtitles is missing. Reload the editor.`,
  'revision is a whole number': msg`The version of the subtitles is missing. Reload the editor.`,
  // contract/speakers.ts: the speakers of the tracks (issue 19)
  'a speaker id is required': msg`A speaker is missing its identifier. Reload the editor.`,
  'a speaker id is S1, S2 …': msg`A speaker is missing its identifier. Reload the editor.`,
  'a speaker name is required': msg`A speaker needs a name.`,
  'a speaker name holds at most 60 characters': msg`A speaker's name holds at most 60 characters.`,
  'a job has at most 8 speakers': msg`A job has at most 8 speakers.`,
  // contract/tracks.ts: a lone surrogate in a cue (issue 24)
  'The text holds a broken character.': msg`A subtitle holds a broken character. Type it again.`,
  // contract/billing.ts
  'session_id is required': msg`The checkout session is missing.`,
  // Issue 23: contract/api-keys.ts, contract/webhooks.ts, contract/credit-packs.ts
  'name is required': msg`Give the key a name.`,
  'Give the key a name.': msg`Give the key a name.`,
  'The name is limited to 100 characters.': msg`The name is limited to 100 characters.`,
  'url is required': msg`Enter the URL of your endpoint.`,
  'Enter a full URL, e.g. https://example.com/hooks': msg`Enter a full URL, e.g. https://example.com/hooks`,
  'Choose at least one event.': msg`Choose at least one event.`,
  'Choose a pack of 100, 500, 1,000 or 5,000 credits.': msg`Choose a pack of 100, 500, 1,000 or 5,000 credits.`,
  // Issue 23 item 5: contract/teams.ts
  'Give the team a name.': msg`Give the team a name.`,
  'The invitation code has 6 digits.': msg`The invitation code has 6 digits.`,
  "role must be 'admin' or 'member'": msg`Choose the role: admin or member.`,
  // Issue 20 item 4: contract/glossary.ts
  'term is required': msg`Enter the term.`,
  'Enter the term.': msg`Enter the term.`,
  'A term holds at most 100 characters.': msg`A term holds at most 100 characters.`,
  'A term is one line without tabs.': msg`A term is one line without tabs.`,
  'Choose a language from the list, or any.': msg`Choose a language from the list, or any.`,
  'Enter the translation, or choose keep as is.': msg`Enter the translation, or choose keep as is.`,
  'A translation holds at most 200 characters.': msg`A translation holds at most 200 characters.`,
  'Add a translation or keep as is for at least one language.': msg`Add a translation or keep as is for at least one language.`,
  'Each target language at most once.': msg`Each target language at most once.`,
  'Only keep as is can hold for every language; a translation names its language.': msg`Only keep as is can hold for every language; a translation names its language.`,
  'csv is required': msg`Choose a glossary file.`,
  'The file is empty.': msg`The file is empty.`,
};

/** The web's own form rules (not in the contract): confirm password (spec section 5). */
export const WEB_FORM_MESSAGES = {
  'Passwords do not match': msg`Passwords do not match`,
} as const satisfies Record<string, MessageDescriptor>;

/** Shown for a field whose message has no translation (a server message the web does not know). */
export const FIELD_INVALID = msg`This field is not valid.`;

/** The descriptor of a contract or web form message (English text), or FIELD_INVALID. */
export function messageOf(english: string): MessageDescriptor {
  const table: Record<string, MessageDescriptor> = { ...CONTRACT_MESSAGES, ...WEB_FORM_MESSAGES };
  return Object.hasOwn(table, english) ? table[english] : FIELD_INVALID;
}
