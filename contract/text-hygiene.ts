/**
 * Input hygiene shared by the request schemas (issue 14, finding 5 and 6): single-line text fields refuse control
 * characters (NUL and the other C0/C1 codes, which PostgreSQL cannot store or which hide text), and file names are
 * reduced to their last path segment with no separator of any platform before they reach storage keys.
 */
import * as v from 'valibot';

/** C0 controls (U+0000-U+001F, tab and newlines included), DEL and the C1 controls (U+007F-U+009F). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** The validation message of a field holding a control character (translated by the web like the others). */
export const NO_CONTROL_CHARACTERS_MESSAGE = 'Control characters (such as NUL) are not allowed.';

/** A valibot check refusing any control character with NO_CONTROL_CHARACTERS_MESSAGE. */
export const noControlCharacters = () =>
  v.check((s: string) => !CONTROL_CHARACTERS.test(s), NO_CONTROL_CHARACTERS_MESSAGE);

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069): invisible, they reorder
 * the text around them, so `invoice\u202Efdp.exe` reads as "invoiceexe.pdf" (issue 24: file names and e-mail
 * subjects). The marks U+200E/U+200F stay: Arabic text needs them and they reorder nothing.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidirectional controls (BIDI_CONTROLS). */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/**
 * A file name safe for any platform and storage key: the last segment after any `/` or `\` (so `..\..\win.mp4`
 * gives `win.mp4`), bidirectional controls dropped, control characters and Windows' reserved `<>:"|?*` replaced by `_`, leading dots and trailing
 * dots or spaces dropped; 'file' when nothing is left.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = withoutBidiControls(last)
    .replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '_')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  return cleaned || 'file';
}
