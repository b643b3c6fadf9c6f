/**
 * The operator guide (docs/operator.md, linked from README.md), followed end to end (issue 21 item 5, issue 39
 * item 8). The test reads the guide's env file and its commands, so the walk-through cannot drift from what is
 * tested, and replaces only the addresses of
 * the outside services (and the bucket's credentials) with local stand-ins: a fresh PostgreSQL database, s3rver, an
 * SMTP catcher and the vendor emulators (OpenAI, DeepL, LibreTranslate, ElevenLabs), each accepting the guide's
 * own keys. It runs the guide's commands as real processes (`npm run migrate`, then one `npm run server` and one
 * `npm run worker`, each with its own DATA_DIR as on two machines, and a second worker on the worker's machine with
 * the guide's per-instance file `WORKER_HTTP_PORT=0`, its port read from its log), signs a user up by the e-mailed code, uploads a
 * video by presigned PUT into the bucket, dubs it into Spanish (DeepL) and Hindi (LibreTranslate: DeepL has no
 * Hindi) with OpenAI speech and ElevenLabs voices and speaker turns, downloads the dubbed MP4 from the bucket, then
 * checks step 7: /readyz lists every configured engine available on both processes, and /metrics shows the
 * per-engine families with requests on the worker and the month's usage on the API, open to the metrics token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEnv } from '../../../server/src/config/app.config.ts';
import { enginesEnv } from '../../../server/src/config/engines.config.ts';
import { billingEnv } from '../../../server/src/config/billing.config.ts';
import { apiEnv } from '../../../server/src/config/api.config.ts';
import { exited, freePort, killGroup, ROOT, until } from '../helpers/server-process.ts';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import { startFakeElevenLabs } from '../fakes/fake-elevenlabs.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { JFK_MP4 } from '../jobs/fixtures.ts';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The path the guide's env file lives at, named in its first line and sourced by its commands. */
const ENV_PATH = '/etc/tarjama/tarjama.env';

/** The operator guide (docs/operator.md; README.md's "Running at scale" points to it). */
function scaleSection(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme, 'README.md points to docs/operator.md').toContain('(docs/operator.md)');
  return fs.readFileSync(path.join(ROOT, 'docs/operator.md'), 'utf8');
}

/** The fenced ```sh blocks of `text`, each as its lines. */
const shBlocks = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].split('\n'));

/** The section's env file: KEY=value pairs in order (each line checked: no quotes, no spaces, a known variable). */
function readmeEnv(section: string): [string, string][] {
  const block = shBlocks(section).find((lines) => lines[0].startsWith(`# ${ENV_PATH}`));
  expect(block, `the section has one sh block starting "# ${ENV_PATH}"`).toBeDefined();
  const known = new Set(Object.keys({ ...appEnv, ...enginesEnv, ...billingEnv, ...apiEnv }));
  const pairs: [string, string][] = [];
  for (const line of block!.slice(1).filter((l) => l.trim() && !l.startsWith('#'))) {
    const m = /^([A-Z][A-Z0-9_]*)=([^\s"']+)$/.exec(line);
    expect(m, `"${line}" is KEY=value without quotes or spaces`).not.toBeNull();
    expect(known.has(m![1]), `${m![1]} is a configuration variable`).toBe(true);
    pairs.push([m![1], m![2]]);
  }
  return pairs;
}

/** The section's commands: the line that loads the env file, and `npm run <script>` by script name. */
function readmeCommands(section: string): { load: string; npm: Map<string, string> } {
  const block = shBlocks(section).find((lines) => lines.some((l) => l.startsWith('npm run migrate')));
  expect(block, 'the section has the sh block of the commands').toBeDefined();
  const load = block!.find((l) => l.includes(ENV_PATH));
  expect(load, `the commands load ${ENV_PATH}`).toBeDefined();
  const npm = new Map<string, string>();
  for (const l of block!) {
    const m = /^(npm run (\S+))(\s+#.*)?$/.exec(l);
    if (m) npm.set(m[2], m[1]);
  }
  return { load: load!, npm };
}

/** Runs one guide command line after the env file line, as a shell on the machine would, in its own group. */
function runCommand(envFile: string, load: string, command: string, log: string, tmp: string): ChildProcess {
  const out = fs.openSync(log, 'a');
  return spawn('bash', ['-c', `${load.replace(ENV_PATH, envFile)}\nexec ${command}`], {
    cwd: ROOT,
    // A machine's own environment only: everything else comes from the env file.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? os.homedir(), TMPDIR: tmp },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

/** `name{labels} value` lines of a Prometheus text answer for one family, as [labels, value]. */
function samples(text: string, family: string): { labels: Record<string, string>; value: number; line: string }[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${family}{`))
    .map((line) => {
      const m = /^\w+\{(.*)\} (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
      return { labels, value: Number(m[2]), line };
    });
}

interface EngineEntry {
  engine: string;
  stage: string;
  kind: string;
  available: boolean;
  latency_ms: number;
  quota?: object;
  spend?: { spent_usd: number; cap_usd: number };
}

/** The network engines the guide's example configures, per stage (what the job must touch). */
const NETWORK = [
  ['speech', 'openai'],
  ['translation', 'deepl'],
  ['translation', 'libretranslate'],
  ['voice', 'elevenlabs'],
  ['speakers', 'elevenlabs'],
  ['separation', 'elevenlabs'],
] as const;

describe.skipIf(process.env.TEST_SKIP_POSTGRES === '1')('README "Running at scale", end to end', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-scale-walk-'));
  const children: ChildProcess[] = [];
  let dbName: string | undefined;
  let s3: S3rver | undefined;
  let smtp: SmtpCapture | undefined;
  const fakes: FakeServer[] = [];
  let env: Map<string, string>;
  let commands: ReturnType<typeof readmeCommands>;
  let api: string;
  let worker: string;
  /** The second worker on the worker's machine (its port picked by the system). */
  let worker2: string;
  /** The bucket's stand-in (s3rver), where uploads and outputs live. */
  let bucketUrl: string;

  const adminQuery = async (sql: string) => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    const section = scaleSection();
    const pairs = readmeEnv(section);
    env = new Map(pairs);
    commands = readmeCommands(section);
    for (const script of ['migrate', 'server', 'worker'])
      expect(commands.npm.has(script), `the commands run npm run ${script}`).toBe(true);

    // The stand-ins, each answering with the guide's own bucket name and keys.
    dbName = `tarjama_walk_${crypto.randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: env.get('S3_BUCKET')!, configs: [] }],
    });
    bucketUrl = `http://127.0.0.1:${((await s3.run()) as { port: number }).port}`;
    smtp = await startSmtpCapture();
    const openai = await startFakeOpenAi({ apiKey: env.get('OPENAI_API_KEY') });
    const deepl = await startFakeDeepL({ apiKey: env.get('DEEPL_API_KEY')! });
    const libre = await startFakeLibreTranslate({ apiKey: env.get('LIBRETRANSLATE_API_KEY') });
    const eleven = await startFakeElevenLabs({ apiKey: env.get('ELEVENLABS_API_KEY')! });
    fakes.push(openai, deepl, libre, eleven);
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${apiPort}`;
    worker = `http://127.0.0.1:${workerPort}`;

    // Only addresses change (s3rver accepts only its own fixed key and path-style URLs).
    const standIns: Record<string, string> = {
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      PUBLIC_URL: api,
      WORKER_HTTP_PORT: String(workerPort),
      DATABASE_URL: dbUrl.toString(),
      S3_ENDPOINT: bucketUrl,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp.url,
      OPENAI_BASE_URL: openai.url,
      DEEPL_API_URL: deepl.url,
      LIBRETRANSLATE_URL: libre.url,
      ELEVENLABS_BASE_URL: eleven.url,
    };
    for (const key of Object.keys(standIns)) expect(env.has(key), `the README's env file sets ${key}`).toBe(true);
    const fileFor = (machine: string) => {
      const dataDir = path.join(dir, machine, 'data');
      fs.mkdirSync(path.join(dir, machine, 'tmp'), { recursive: true });
      const lines = pairs.map(([k, v]) => `${k}=${k === 'DATA_DIR' ? dataDir : (standIns[k] ?? v)}`);
      const file = path.join(dir, machine, 'tarjama.env');
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      return file;
    };
    const apiFile = fileFor('api-1');
    const workerFile = fileFor('worker-1');

    // Step 6: migrate once, then one API process and one worker process.
    const migrate = runCommand(
      apiFile,
      commands.load,
      commands.npm.get('migrate')!,
      path.join(dir, 'migrate.log'),
      path.join(dir, 'api-1', 'tmp'),
    );
    children.push(migrate);
    const migrated = await exited(migrate);
    const migrateLog = fs.readFileSync(path.join(dir, 'migrate.log'), 'utf8');
    expect(migrated.code, migrateLog).toBe(0);
    expect(migrateLog).toContain('migrations applied (postgres)');
    for (const [machine, file, script] of [
      ['api-1', apiFile, 'server'],
      ['worker-1', workerFile, 'worker'],
    ] as const)
      children.push(
        runCommand(
          file,
          commands.load,
          commands.npm.get(script)!,
          path.join(dir, `${machine}.log`),
          path.join(dir, machine, 'tmp'),
        ),
      );
    // A second worker on the worker's machine: the same env file and folders, its own port (the guide's
    // per-instance file with WORKER_HTTP_PORT=0: a free port, logged).
    const instanceFile = path.join(dir, 'worker-1', 'worker-2.env');
    fs.writeFileSync(instanceFile, 'WORKER_HTTP_PORT=0\n');
    children.push(
      runCommand(
        workerFile,
        `${commands.load}\nset -a; . ${instanceFile}; set +a`,
        commands.npm.get('worker')!,
        path.join(dir, 'worker-2.log'),
        path.join(dir, 'worker-1', 'tmp'),
      ),
    );
    const logs = () =>
      ['api-1', 'worker-1'].map((m) => `${m}:\n${fs.readFileSync(path.join(dir, `${m}.log`), 'utf8')}`).join('\n');
    try {
      for (const base of [api, worker])
        await until(`${base}/readyz`, async () => (await fetch(`${base}/readyz`)).status === 200, 150_000);
      const port = await until(
        'the port of the second worker in its log',
        async () =>
          /"msg":"Tarjama worker is running"/.test(fs.readFileSync(path.join(dir, 'worker-2.log'), 'utf8')) &&
          Number(/"http_port":(\d+)/.exec(fs.readFileSync(path.join(dir, 'worker-2.log'), 'utf8'))?.[1]),
        150_000,
      );
      worker2 = `http://127.0.0.1:${port}`;
      expect(port).not.toBe(Number(new URL(worker).port));
      expect((await fetch(`${worker2}/readyz`)).status).toBe(200);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${logs()}`);
    }
  }, 240_000);

  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      killGroup(c, 'SIGTERM');
      const gone = await Promise.race([exited(c), new Promise((r) => setTimeout(() => r(null), 15_000))]);
      if (!gone) {
        killGroup(c, 'SIGKILL');
        await exited(c);
      }
    }
    await s3?.close();
    await smtp?.close();
    for (const f of fakes) await f.close();
    if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a user signs up, uploads to the bucket, and a dub through every network engine completes and downloads', async () => {
    const post = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(`${api}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    // Sign-up by the e-mailed code (through SMTP_URL), then sign-in.
    const email = 'operator-walkthrough@example.test';
    const password = 'Walk-through-2026';
    expect((await post('/auth/signup', { email, password, full_name: 'Walk Through' })).status).toBe(201);
    const mail = await smtp!.waitFor((m) => m.subject === 'Your Tarjama verification code', 30_000);
    const code = /\b(\d{6})\b/.exec(String(mail.text))![1];
    expect((await post('/auth/verify-email', { email, otp: code })).status).toBe(200);
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { access_token: string }).access_token;

    // An upload straight to the bucket by presigned PUT.
    const target = await post('/v1/uploads/presigned-url', { filename: 'jfk.mp4', content_type: 'video/mp4' }, token);
    expect(target.status).toBe(200);
    expect(target.body.upload_url.startsWith(`${bucketUrl}/${env.get('S3_BUCKET')}/`)).toBe(true);
    const put = await fetch(target.body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: fs.readFileSync(JFK_MP4),
    });
    expect(put.status).toBe(200);

    // Subtitles and a dub in Spanish and Hindi, over the background with the original speech removed.
    const sub = await post(
      '/v1/jobs/translate',
      {
        media_url: target.body.file_url,
        source_language: 'en',
        target_languages: ['es', 'hi'],
        services_to_run: ['subtitle', 'voice_over'],
        remove_original_speech: true,
      },
      token,
    );
    expect(sub.status).toBe(201);
    const started = Date.now();
    const job = await until(
      'the job',
      async () => {
        const j = (await (
          await fetch(`${api}/v1/jobs/${sub.body.id}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as any;
        if (j.status === 'failed') throw new Error(`job failed: ${j.error_code} ${j.error}`);
        return j.status === 'completed' ? j : null;
      },
      240_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${fs.readFileSync(path.join(dir, 'worker-1.log'), 'utf8').slice(-4000)}`);
    });
    console.log(`job completed by the workers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The job can be followed in the logs of the worker that ran it: claimed, each stage started and ended (with
    // its attempt and seconds), completed (issue 39 item 9).
    const jobLines = ['worker-1', 'worker-2']
      .flatMap((m) => fs.readFileSync(path.join(dir, `${m}.log`), 'utf8').split('\n'))
      .filter((l) => l.includes(`"jobId":"${sub.body.id as string}"`));
    console.log(`worker info lines of the job:\n${jobLines.join('\n')}`);
    const parsed = jobLines.map(
      (l) => JSON.parse(l) as { msg: string; stage?: string; seconds?: number; attempt?: number },
    );
    expect(parsed[0].msg).toBe('job claimed');
    // The last stage's end and the completion are written by two awaits apart: either may come last.
    expect(parsed.map((l) => l.msg)).toContain('job completed');
    // The completion line carries the job's estimated engine cost (network engines at the env file's prices).
    const done = parsed.find((l) => l.msg === 'job completed') as { engine_cost_usd?: number } | undefined;
    expect(done?.engine_cost_usd).toBeGreaterThan(0);
    const ended = parsed.filter((l) => l.msg === 'stage ended');
    expect(ended.map((l) => l.stage)).toEqual(expect.arrayContaining(['transcribe', 'translate', 'voice_over']));
    for (const l of ended) {
      expect(l.attempt).toBe(1);
      expect(l.seconds).toBeGreaterThanOrEqual(0);
    }

    // The outputs come from the bucket: the dubbed MP4 and the Hindi subtitles.
    const mp4Url = job.output_files.es.voice_over.video_url as string;
    expect(mp4Url.startsWith(`${bucketUrl}/${env.get('S3_BUCKET')}/`)).toBe(true);
    const mp4 = Buffer.from(await (await fetch(mp4Url)).arrayBuffer());
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
    const srt = await (await fetch(job.output_files.hi.subtitle.srt_url as string)).text();
    expect(srt).toMatch(/\d\d:\d\d:\d\d,\d\d\d --> /);
    console.log(
      `dubbed MP4 (es) ${mp4.length} bytes from the bucket; Hindi SRT:\n${srt.trim().split('\n').slice(0, 3).join('\n')}`,
    );
  }, 300_000);

  it('step 7: /readyz lists every configured engine available on both processes, /metrics the per-engine families', async () => {
    for (const [name, base] of [
      ['API', api],
      ['worker', worker],
    ]) {
      // An engine check that failed once (its 5 s ran out on a loaded CI machine) is asked again after 5 s
      // (engine-health.ts FAILED_HEALTH_TTL_MS): probe as a load balancer would, until every engine answers.
      let res!: Response;
      let body!: { status: string; engines: EngineEntry[] };
      for (let probe = 0; probe < 8; probe++) {
        if (probe) await new Promise((resolve) => setTimeout(resolve, 3_000));
        res = await fetch(`${base}/readyz`);
        body = (await res.json()) as typeof body;
        if (body.engines?.every((e) => e.available)) break;
      }
      expect(res.status).toBe(200);
      expect(body.status).toBe('ready');
      const network = body.engines.filter((e) => e.kind === 'network');
      console.log(
        `${name} /readyz engines (network):\n  ${network
          .map(
            (e) =>
              `${e.stage}/${e.engine} available=${e.available} ${e.latency_ms} ms` +
              (e.spend ? ` spend ${e.spend.spent_usd}/${e.spend.cap_usd} USD` : '') +
              (e.quota ? ` quota ${JSON.stringify(e.quota)}` : ''),
          )
          .join('\n  ')}`,
      );
      for (const [stage, engine] of NETWORK)
        expect(network.find((e) => e.stage === stage && e.engine === engine)).toMatchObject({ available: true });
      expect(body.engines.every((e) => e.available)).toBe(true);
      // The caps of the env file, and DeepL's quota.
      expect(network.find((e) => e.engine === 'openai')?.spend?.cap_usd).toBe(
        Number(env.get('OPENAI_MONTHLY_SPEND_CAP_USD')),
      );
      expect(network.find((e) => e.engine === 'deepl')?.quota).toBeDefined();
    }

    // The worker made the engine calls: requests per engine and stage, with units and cost.
    // The worker that ran the job (either of the two) made the engine calls; both show the queue at 0.
    const texts = await Promise.all([worker, worker2].map(async (b) => (await fetch(`${b}/metrics`)).text()));
    const workerText = texts.find((x) => x.includes('tarjama_engine_requests_total{engine="openai"')) ?? texts[0];
    for (const x of texts) {
      expect(samples(x, 'tarjama_queue_depth').length).toBeGreaterThan(0);
      expect(samples(x, 'tarjama_queue_depth').every((q) => q.value === 0)).toBe(true);
      expect(x).toMatch(/^tarjama_stale_job_takeovers_total 0$/m);
    }
    const requests = samples(workerText, 'tarjama_engine_requests_total');
    console.log(`worker /metrics:\n  ${requests.map((s) => s.line).join('\n  ')}`);
    for (const [stage, engine] of NETWORK) {
      const n = requests.find((s) => s.labels.engine === engine && s.labels.stage === stage)?.value ?? 0;
      expect(n, `tarjama_engine_requests_total{engine="${engine}",stage="${stage}"}`).toBeGreaterThan(0);
    }
    const units = samples(workerText, 'tarjama_engine_units_total');
    expect(units.find((s) => s.labels.engine === 'deepl')?.labels.unit).toBe('characters');
    expect(units.find((s) => s.labels.engine === 'openai')?.labels.unit).toBe('seconds');
    expect(samples(workerText, 'tarjama_engine_cost_usd_total').some((s) => s.value > 0)).toBe(true);
    // Per job: the histogram of the ended job tries' engine cost holds this one, with its cost.
    const jobCost = (name: string) =>
      samples(workerText, name).find(
        (s) => s.labels.job_type === 'video_translation' && s.labels.outcome === 'completed',
      )?.value;
    expect(jobCost('tarjama_job_engine_cost_usd_count')).toBe(1);
    expect(jobCost('tarjama_job_engine_cost_usd_sum')).toBeGreaterThan(0);
    expect(workerText).toMatch(
      /^tarjama_engine_request_duration_seconds_count\{engine="elevenlabs",stage="voice"\} [1-9]/m,
    );

    // From another machine (behind the one trusted proxy): /metrics needs the token, /readyz names no engine.
    const outside = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${api}/metrics`, { headers: outside })).status).toBe(403);
    const scraped = await fetch(`${api}/metrics`, {
      headers: { ...outside, authorization: `Bearer ${env.get('METRICS_TOKEN')}` },
    });
    expect(scraped.status).toBe(200);
    const apiText = await scraped.text();
    const month = samples(apiText, 'tarjama_engine_month_units');
    console.log(`API /metrics (month of every process):\n  ${month.map((s) => s.line).join('\n  ')}`);
    for (const [stage, engine] of NETWORK)
      expect(month.find((s) => s.labels.engine === engine && s.labels.stage === stage)?.value ?? 0).toBeGreaterThan(0);
    expect(samples(apiText, 'tarjama_jobs').find((s) => s.labels.status === 'completed')?.value).toBe(1);
    const publicReady = await (await fetch(`${api}/readyz`, { headers: outside })).json();
    expect(publicReady).not.toHaveProperty('engines');
  }, 120_000);

  it('step 8: SIGTERM stops each process within the 10 s the README gives', async () => {
    /** True while a process of the child's group (npm, its shell, node) still runs (zombies, awaiting reaping, do not). */
    const groupAlive = (child: ChildProcess) =>
      fs.readdirSync('/proc').some((pid) => {
        if (!/^\d+$/.test(pid)) return false;
        try {
          // /proc/PID/stat: "pid (comm) state ppid pgrp ...": read after the command name, which may hold spaces.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return Number(pgrp) === child.pid && state !== 'Z';
        } catch {
          return false;
        }
      });
    for (const child of children.slice(1)) {
      const started = Date.now();
      killGroup(child, 'SIGTERM');
      await until('the process group to exit', async () => !groupAlive(child), 15_000);
      const seconds = (Date.now() - started) / 1000;
      console.log(`SIGTERM to the last process of the group gone: ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(12);
    }
    for (const base of [api, worker]) await expect(fetch(`${base}/readyz`)).rejects.toThrow();
  }, 60_000);
});
