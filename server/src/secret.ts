/** The server secret (JWT signing, URL signing): APP_SECRET, or one generated once and kept in DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/** Returns `configured`, or the secret in `${dataDir}/secret.key`, creating it (48 random bytes, mode 0600) if absent. */
export function loadOrCreateSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
