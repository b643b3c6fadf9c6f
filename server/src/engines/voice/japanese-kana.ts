/**
 * Kanji -> kana for Japanese speech: espeak-ng reads only kana (engines.md), so text goes through kuromoji's
 * readings first. kuromoji loads its dictionary lazily (0.8 s, ~400 MB), once per process.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Tokenizer, IpadicFeatures } from 'kuromoji';

let tokenizer: Promise<Tokenizer<IpadicFeatures>> | undefined;

function loadTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  tokenizer ??= (async () => {
    const require = createRequire(import.meta.url);
    const kuromoji = (await import('kuromoji')).default;
    const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
    return new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t))),
    );
  })();
  return tokenizer;
}

/** Returns `text` with every token that holds kanji replaced by its katakana reading; other tokens stay. */
export async function japaneseToKana(text: string): Promise<string> {
  if (!/[\u4e00-\u9fff\u3400-\u4dbf]/.test(text)) return text;
  const t = await loadTokenizer();
  return t
    .tokenize(text)
    .map((tok) =>
      /[\u4e00-\u9fff\u3400-\u4dbf]/.test(tok.surface_form) && tok.reading && tok.reading !== '*'
        ? tok.reading
        : tok.surface_form,
    )
    .join('');
}
