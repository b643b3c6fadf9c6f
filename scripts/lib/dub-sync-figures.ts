/**
 * Dub sync figures for `npm run bench:pipeline` (issue 20 item 6): the share of dub segments per sync status
 * (contract/sync.ts: natural <= 1.0x, ok <= 1.15x, fast <= 1.25x, overflow) of video/jfk.mp4 and
 * video/lj001-0001-0004.mp4 dubbed into es and fr, in process, with
 * - `local`: the engines the environment configures (Apertium: it cannot rephrase, long lines stay as translated);
 * - `chat`: the same with translation by a local server answering as the chat-completions API does (the OpenAI
 *   emulator of tests/server/fakes: translations by the same fake translator, and a deterministic rule that
 *   shortens a line when asked for <= N characters), so the ask-again loop itself is measured.
 * Each is run `before` (the translation engine's rephrasing switched off: main's behaviour before issue 20) and
 * `after`. The transcript is made once per file and reused (artifacts), so the runs differ only from translation on.
 * Also: lines over their budget, asked again, fitted; overflows not named in the job's notes (must be 0).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { countStatuses, SYNC_STATUSES, syncShares, type SyncCounts } from '../../contract/sync.ts';
import type { EnginesConfig } from '../../server/src/config/engines.config.ts';
import { createEngineRegistry, type EnginePlan } from '../../server/src/engines/engine.registry.ts';
import { memoryArtifacts, type ArtifactStore } from '../../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../../server/src/media/pipeline.ts';
import { syncArtifact, type SavedSync } from '../../server/src/media/sync-report.ts';
import { startFakeOpenAi } from '../../tests/server/fakes/fake-openai.server.ts';

const FILES = ['video/jfk.mp4', 'video/lj001-0001-0004.mp4'];
const TARGETS = ['es', 'fr'];
/** Artifacts made from translation on: each run makes its own. */
const PER_RUN = /^(translation|dub|sync|clips|burned)\//;

/** A store over `base` whose artifacts from translation on are the run's own. */
function overlay(base: ArtifactStore): ArtifactStore {
  const own = memoryArtifacts();
  const pick = (name: string) => (PER_RUN.test(name) ? own : base);
  return {
    readJson: (name) => pick(name).readJson(name),
    writeJson: (name, value) => pick(name).writeJson(name, value),
    fetchFile: (name, p) => pick(name).fetchFile(name, p),
    saveFile: (name, p) => (PER_RUN.test(name) ? own.saveFile(name, p) : base.saveFile(name, p)),
  };
}

/** `plan` with its translation engines unable to rephrase (the behaviour before issue 20). */
function withoutRephrase(plan: EnginePlan): EnginePlan {
  return {
    ...plan,
    translationFor: (from, to) => {
      const e = plan.translationFor(from, to);
      if (!e) return e;
      return {
        get id() {
          return e.id;
        },
        kind: e.kind,
        keepsInlineTags: e.keepsInlineTags,
        supports: (a, b) => e.supports(a, b),
        available: () => e.available(),
        translate: (texts, opts) => e.translate(texts, opts),
      };
    },
  };
}

export interface DubSyncFigures {
  segments: number;
  counts: SyncCounts;
  shares: SyncCounts;
  natural_or_ok: number;
  over_budget: number;
  asked_again: number;
  fitted_after_asking: number;
  silent_overflows: number;
  seconds: number;
}

/** Runs every file into es and fr with voice-over for each engine set, before and after; returns the figures. */
export async function dubSyncFigures(
  data: string,
  engines: EnginesConfig,
): Promise<Record<string, Record<'before' | 'after', DubSyncFigures>>> {
  const oa = await startFakeOpenAi();
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-dub-sync-'));
  const sets: Record<string, EnginesConfig> = {
    local: engines,
    chat: { ...engines, openai: { ...engines.openai, translation: { baseUrl: oa.url, model: 'gpt-4o-mini' } } },
  };
  const out: Record<string, Record<'before' | 'after', DubSyncFigures>> = {};
  try {
    const bases = new Map<string, ArtifactStore>();
    for (const [setName, config] of Object.entries(sets)) {
      const registry = createEngineRegistry(config);
      const canRephrase = !!registry
        .choose({ sourceLanguage: 'en', targetLanguages: TARGETS, services: ['subtitle'] })
        .translationFor('en', TARGETS[0])?.rephrase;
      for (const phase of ['before', 'after'] as const) {
        // An engine set that cannot rephrase behaves the same after: measured once.
        if (phase === 'after' && !canRephrase) {
          out[setName].after = out[setName].before;
          continue;
        }
        const statuses: (typeof SYNC_STATUSES)[number][] = [];
        let over = 0;
        let asked = 0;
        let fitted = 0;
        let silent = 0;
        const t0 = performance.now();
        for (const file of FILES) {
          if (!bases.has(file)) bases.set(file, memoryArtifacts());
          const req: PipelineRequest = {
            inputPath: path.join(data, file),
            sourceLanguage: 'en',
            targetLanguages: TARGETS,
            services: ['subtitle', 'voice_over'],
            voiceMode: 'dubbing',
            baseName: path.basename(file, '.mp4'),
            outDir: path.join(work, `${setName}-${phase}`),
            artifacts: overlay(bases.get(file)!),
          };
          const plan = registry.choose(req);
          const result = await runMediaPipeline(req, phase === 'before' ? withoutRephrase(plan) : plan);
          for (const lang of TARGETS) {
            const sync = await req.artifacts!.readJson<SavedSync>(syncArtifact(lang));
            if (!sync) continue;
            statuses.push(...sync.segments.map((s) => s.status));
            const named = result.notes.find((n) => n.code === 'VOICE_OVER_RUSHED' && n.params?.language === lang);
            silent += Math.max(0, sync.counts.overflow - Number(named?.params?.segments ?? 0));
          }
          const translated = await Promise.all(
            TARGETS.map((l) =>
              req.artifacts!.readJson<{ budgetFit?: { over: number; asked: number; fitted: number } }>(
                `translation/${l}.json`,
              ),
            ),
          );
          for (const t of translated) {
            over += t?.budgetFit?.over ?? 0;
            asked += t?.budgetFit?.asked ?? 0;
            fitted += t?.budgetFit?.fitted ?? 0;
          }
        }
        const counts = countStatuses(statuses);
        const shares = syncShares(counts);
        (out[setName] ??= {} as Record<'before' | 'after', DubSyncFigures>)[phase] = {
          segments: statuses.length,
          counts,
          shares,
          natural_or_ok: +(shares.natural + shares.ok).toFixed(3),
          over_budget: over,
          asked_again: asked,
          fitted_after_asking: fitted,
          silent_overflows: silent,
          seconds: +((performance.now() - t0) / 1000).toFixed(1),
        };
      }
    }
  } finally {
    await oa.close();
    await rm(work, { recursive: true, force: true });
  }
  return out;
}

/** The figures as a table: one row per engine set and phase. */
export function dubSyncTable(f: Awaited<ReturnType<typeof dubSyncFigures>>): string {
  const head = [
    'engines',
    'phase',
    'segments',
    ...SYNC_STATUSES,
    'natural+ok',
    'over budget',
    'asked',
    'fitted',
    'silent',
  ];
  const rows = Object.entries(f).flatMap(([set, phases]) =>
    (['before', 'after'] as const).map((p) => {
      const x = phases[p];
      return [
        set,
        p,
        String(x.segments),
        ...SYNC_STATUSES.map((s) => `${x.counts[s]} (${(x.shares[s] * 100).toFixed(0)}%)`),
        `${(x.natural_or_ok * 100).toFixed(0)}%`,
        String(x.over_budget),
        String(x.asked_again),
        String(x.fitted_after_asking),
        String(x.silent_overflows),
      ];
    }),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}
