/**
 * Password hashing with argon2id (@node-rs/argon2). Parameters follow the OWASP Password Storage Cheat Sheet's
 * first argon2id option: m = 19 MiB, t = 2, p = 1 (about 30-60 ms per hash on this project's machines).
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/** Returns the PHC string ($argon2id$v=19$m=19456,t=2,p=1$...) of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (unknown e-mail, Google-only account) a dummy hash is
 * still checked so the answer takes as long as for a real account and does not tell which e-mails exist.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
