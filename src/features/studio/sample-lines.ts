/**
 * The sample subtitle of the style preview, written in each studio language (content in that language, not an
 * interface text, so it is not in the catalogs): "This is how your subtitles will look."
 */
import { normaliseLanguage, type StudioLanguage } from '../../../contract/languages.ts';

const SAMPLE_LINES: Record<StudioLanguage, string> = {
  en: 'This is how your subtitles will look.',
  es: 'Así se verán tus subtítulos.',
  fr: 'Voici à quoi ressembleront vos sous-titres.',
  de: 'So werden Ihre Untertitel aussehen.',
  it: 'Ecco come appariranno i tuoi sottotitoli.',
  pt: 'É assim que as suas legendas vão ficar.',
  ja: '字幕はこのように表示されます。',
  ko: '자막은 이렇게 표시됩니다.',
  zh: '字幕将会这样显示。',
  ar: 'هكذا ستظهر الترجمة على الفيديو.',
  hi: 'आपके उपशीर्षक ऐसे दिखेंगे।',
};

/** The sample line in the language of `code` (any form: 'en-gb', 'AR'); English for a language not listed. */
export function sampleLine(code: string): string {
  const base = normaliseLanguage(code);
  return Object.hasOwn(SAMPLE_LINES, base) ? SAMPLE_LINES[base as StudioLanguage] : SAMPLE_LINES.en;
}
