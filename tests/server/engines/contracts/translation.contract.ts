/**
 * The contract every TranslationEngine keeps (server/src/engines/translation.engine.ts), as one suite run against
 * each engine (translation-engines.contract.test.ts): one translation per text, in order (texts told apart by the
 * numbers they carry, which every translation keeps); an empty text stays empty and an empty batch is an empty
 * answer; an aborted signal rejects with its reason, at once when aborted before the call and within 2 s when
 * aborted during it; a pair the engine does not support is one `supports` refuses and `translate` fails on, naming
 * the engine; and a vendor's limit answers (quota 456, rate limit 429 past the retries) fail with the code the
 * job runner acts on (engine-failure.ts: ENGINE_QUOTA_EXCEEDED gives the credits back at once, ENGINE_FAILED may
 * be retried).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TranslationEngine } from '../../../../server/src/engines/translation.engine.ts';
import type { EngineFailureCode } from '../../../../server/src/engines/engine-failure.ts';
import {
  contractAbort,
  expectAbortReason,
  expectEngineError,
  rejectionOf,
  expectAbortMidCall,
} from './contract-helpers.ts';

/** A vendor's limit answer, how to make the emulator give it, and the code it must fail with. */
export interface LimitAnswer {
  /** What the vendor answers, e.g. 'DeepL 456 quota exceeded'. */
  answer: string;
  /** Makes the emulator give that answer to the next call; returns what puts it back. */
  provoke: () => () => void;
  /** The texts of the call (default: one short sentence). */
  texts?: string[];
  code: EngineFailureCode;
}

/** What an engine documents beyond the interface, for its run of the suite. */
export interface TranslationFacts {
  /** A pair the engine serves, [from, to]. */
  pair: [string, string];
  /** A pair the engine does not serve, [from, to]. */
  unsupported: [string, string];
  /**
   * Why `translate` cannot fail on that pair, when it genuinely cannot: the case is skipped (and reported) for this
   * engine only.
   */
  translatesUnsupported?: string;
  /** Words the engine's error messages name it by (default: its id). */
  names?: string[];
  /** The vendor's limit answers the emulator can give (none for a local engine). */
  limits?: LimitAnswer[];
}

/** `n` English sentences, each with its own number (distinct from other calls' by `salt`, so nothing is cached). */
const numbered = (n: number, salt: number) =>
  Array.from({ length: n }, (_, i) => `The house number ${salt + i} is red.`);

/**
 * Defines the translation engine contract's tests for the engine `makeEngine` returns (called once, in beforeAll,
 * so it may use servers started in the caller's beforeAll).
 */
export function translationEngineContract(
  name: string,
  makeEngine: () => TranslationEngine,
  facts: TranslationFacts,
): void {
  describe(`translation engine contract: ${name}`, () => {
    let engine: TranslationEngine;
    const [from, to] = facts.pair;
    const names = () => facts.names ?? [engine.id];
    let salt = 1000 + Math.floor(Math.random() * 1000) * 1000;
    const fresh = (n: number) => numbered(n, (salt += 1000));
    beforeAll(() => {
      engine = makeEngine();
    });

    it('is available and supports its pair', async () => {
      expect(await engine.available()).toBe(true);
      expect(engine.supports(from, to)).toBe(true);
    });

    it('gives one translation per text, in order', async () => {
      const texts = fresh(5);
      const out = await engine.translate(texts, { from, to });
      expect(out).toHaveLength(texts.length);
      out.forEach((t, i) => {
        expect(t, `text ${i} translated`).not.toBe(texts[i]);
        expect(t, `text ${i} in its place`).toContain(texts[i].match(/\d+/)![0]);
      });
    });

    it('keeps an empty text empty, and answers an empty batch with none', async () => {
      const [a, b] = fresh(2);
      const out = await engine.translate([a, '', b], { from, to });
      expect(out).toHaveLength(3);
      expect(out[1]).toBe('');
      expect(out[0]).toContain(a.match(/\d+/)![0]);
      expect(out[2]).toContain(b.match(/\d+/)![0]);
      expect(await engine.translate([], { from, to })).toEqual([]);
    });

    it('rejects at once with the reason of a signal aborted before the call', async () => {
      const reason = contractAbort();
      const { error, ms } = await rejectionOf(
        engine.translate(fresh(3), { from, to, signal: AbortSignal.abort(reason) }),
      );
      expectAbortReason(error, reason);
      expect(ms).toBeLessThan(500);
    });

    it('rejects within 2 s of an abort during the call, with its reason', async () => {
      await expectAbortMidCall((signal) => engine.translate(fresh(400), { from, to, signal }), 30, false);
    });

    (facts.translatesUnsupported ? it.skip : it)(
      'refuses a pair it does not support, in supports() and translate()',
      async () => {
        const [f, t] = facts.unsupported;
        expect(engine.supports(f, t)).toBe(false);
        const { error } = await rejectionOf(engine.translate(['The house is red.'], { from: f, to: t }));
        expectEngineError(error, 'translation', names());
      },
    );

    for (const limit of facts.limits ?? [])
      it(`fails with ${limit.code} on ${limit.answer}`, async () => {
        const putBack = limit.provoke();
        try {
          const { error } = await rejectionOf(engine.translate(limit.texts ?? ['The house is red.'], { from, to }));
          expectEngineError(error, 'translation', names(), limit.code);
        } finally {
          putBack();
        }
      });
  });
}
