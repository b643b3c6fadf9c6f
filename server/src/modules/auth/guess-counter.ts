/**
 * Counts verification-code tries per (code or e-mail) and client (issue 14, finding 3): a stranger guessing from
 * one IP uses up only their own 5 tries, not the owner's. In memory, per process, entries live as long as a code
 * (10 minutes); the database still caps the wrong guesses of a code from all clients together.
 */

interface Entry {
  tries: number;
  expiresAt: number;
}

/** Tries per key with a time to live; take() is synchronous so concurrent requests are counted exactly. */
export class GuessCounter {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param maxTries tries allowed per key
   * @param ttlMs how long a key's count is kept, milliseconds
   */
  constructor(
    readonly maxTries: number,
    private readonly ttlMs: number,
  ) {}

  /** Uses one try of `key`; returns the tries used with this one (1..maxTries), or null when none were left. */
  take(key: string, now = Date.now()): number | null {
    const entry = this.entries.get(key);
    const live = entry && entry.expiresAt > now ? entry : undefined;
    if (live && live.tries >= this.maxTries) return null;
    const tries = (live?.tries ?? 0) + 1;
    this.entries.set(key, { tries, expiresAt: live?.expiresAt ?? now + this.ttlMs });
    if (this.entries.size > 10_000) this.prune(now);
    return tries;
  }

  /** Marks `key` as out of tries. */
  exhaust(key: string, now = Date.now()): void {
    this.entries.set(key, { tries: this.maxTries, expiresAt: now + this.ttlMs });
  }

  /** Forgets `key` (a new code was asked for). */
  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
