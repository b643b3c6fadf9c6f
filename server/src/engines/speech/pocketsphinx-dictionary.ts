/**
 * A pronunciation dictionary cut down to the language model's vocabulary, so each pocketsphinx process loads
 * ~79,000 entries instead of cmudict's 134,723. The n-gram search only ever proposes words the language model
 * knows, so the words recognised are the same (checked on the test data: identical transcripts); the decoder
 * starts faster.
 *
 * The vocabulary is read from the trie binary LM (`en-us.lm.bin`, sphinxbase `ngram_model_trie.c`): the header
 * "Trie Language Model", one byte for the order, then the n-gram counts as little-endian uint32 (unigrams first);
 * the unigram strings close the file, each NUL-terminated, in word-id order.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const TRIE_MAGIC = 'Trie Language Model';

/**
 * The unigram vocabulary of a trie binary language model.
 * @returns the words, or null when the file is not a trie LM whose word list reads back intact
 *          (then callers keep the full dictionary).
 */
export function trieVocabulary(lm: Buffer): string[] | null {
  if (lm.subarray(0, TRIE_MAGIC.length).toString('latin1') !== TRIE_MAGIC) return null;
  const unigrams = lm.readUInt32LE(TRIE_MAGIC.length + 1);
  if (lm[lm.length - 1] !== 0 || unigrams < 1) return null;
  const words: string[] = [];
  let end = lm.length - 1;
  while (words.length < unigrams) {
    const start = lm.lastIndexOf(0, end - 1) + 1;
    if (start <= TRIE_MAGIC.length || end - start > 256) return null;
    words.push(lm.subarray(start, end).toString('utf8'));
    end = start - 1;
  }
  return words.reverse();
}

/**
 * Keeps the dictionary lines whose word (alternative pronunciations `word(2)` included) is in `vocabulary`.
 * @param dictionary cmudict text: one `word phone phone ...` line per pronunciation.
 */
export function trimDictionary(dictionary: string, vocabulary: ReadonlySet<string>): string {
  return dictionary
    .split('\n')
    .filter((line) => {
      const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
      return word && vocabulary.has(word);
    })
    .join('\n')
    .concat('\n');
}

/** Where trimmed dictionaries are kept: the user's cache folder (XDG layout), not a temporary folder. */
export const DICTIONARY_CACHE_DIR = path.join(os.homedir(), '.cache', 'tarjama');

/**
 * Path of the dictionary for `lmPath`: a trimmed copy written once per machine to `cacheDir` (named by the sizes
 * and times of both files, written atomically, written again if removed), or `dictPath` itself when the LM's
 * vocabulary cannot be read or the copy cannot be written.
 */
export async function trimmedDictionaryPath(
  dictPath: string,
  lmPath: string,
  cacheDir = DICTIONARY_CACHE_DIR,
): Promise<string> {
  try {
    const [d, l] = await Promise.all([stat(dictPath), stat(lmPath)]);
    const key = createHash('sha256')
      .update(`${dictPath}:${d.size}:${d.mtimeMs}|${lmPath}:${l.size}:${l.mtimeMs}`)
      .digest('hex')
      .slice(0, 16);
    const target = path.join(cacheDir, `pocketsphinx-${key}.dict`);
    if (
      await stat(target).then(
        (s) => s.size > 0,
        () => false,
      )
    )
      return target;
    // Decoders started together (a clip cut in parts) share one write.
    let writing = writes.get(target);
    if (!writing) {
      writes.set(
        target,
        (writing = writeTrimmed(dictPath, lmPath, cacheDir, target).finally(() => writes.delete(target))),
      );
    }
    return (await writing) ? target : dictPath;
  } catch {
    return dictPath;
  }
}

/** Trimmed dictionaries being written by this process, by target path. */
const writes = new Map<string, Promise<boolean>>();

/** Writes the trimmed copy to `target` atomically; false when the LM's vocabulary cannot be read. */
async function writeTrimmed(dictPath: string, lmPath: string, cacheDir: string, target: string): Promise<boolean> {
  const vocabulary = trieVocabulary(await readFile(lmPath));
  if (!vocabulary) return false;
  await mkdir(cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, trimDictionary(await readFile(dictPath, 'utf8'), new Set(vocabulary)));
  await rename(temp, target);
  return true;
}
