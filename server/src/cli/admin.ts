/**
 * `npm run admin -- <command> ...`: operator commands run on any machine with the env file (the database of
 * DATABASE_URL, or the PGlite in DATA_DIR when the API process is stopped: PGlite is one process's database).
 *   grant-credits EMAIL N --reason "..."   gives the account N credits: a ledger entry (kind grant, its note the
 *                                          reason and the operator) and an audit line (below).
 * Audit: one JSON line per command on stdout and appended to DATA_DIR/admin-audit.log (time, command, operator,
 * host, account, credits, reason, ledger key, balance after). Exit codes: 0 done, 1 refused or failed (the
 * message says why; nothing written), 2 bad arguments (usage printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';
import { grantCreditsByOperator, OperatorGrantError } from '../modules/credits/operator-grant.service.ts';

const USAGE = `Usage:
  npm run admin -- grant-credits EMAIL N --reason "why"`;

/** Who runs the command: the login name and host (the audit line's operator). */
function operatorName(): string {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    /* no passwd entry (a container's numeric user) */
  }
  return `${user}@${os.hostname()}`;
}

async function grantCredits(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { reason: { type: 'string' } },
    allowPositionals: true,
  });
  const [email, amount] = positionals;
  if (!email || !amount || positionals.length !== 2 || values.reason === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { app } = loadConfig();
  const database = await openDatabase({ url: app.databaseUrl, pgliteDir: path.join(app.dataDir, 'db') });
  try {
    const operator = operatorName();
    const grant = await grantCreditsByOperator(database.db, {
      email,
      credits: /^\d+$/.test(amount) ? Number(amount) : Number.NaN,
      reason: values.reason,
      operator,
    });
    const audit = {
      time: new Date().toISOString(),
      command: 'grant-credits',
      operator,
      database: database.kind,
      user_id: grant.userId,
      email: grant.email,
      credits: grant.credits,
      reason: values.reason.trim(),
      ledger_key: grant.ledgerKey,
      balance_after: grant.balance,
    };
    const line = `${JSON.stringify(audit)}\n`;
    fs.mkdirSync(app.dataDir, { recursive: true });
    fs.appendFileSync(path.join(app.dataDir, 'admin-audit.log'), line);
    process.stdout.write(line);
    return 0;
  } catch (err) {
    if (err instanceof OperatorGrantError) {
      process.stderr.write(`grant-credits refused: ${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'grant-credits':
      return grantCredits(rest);
    default:
      process.stderr.write(`${command ? `Unknown command: ${command}\n` : ''}${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      err instanceof ConfigError ? `${err.message}\n` : `${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(1);
  },
);
