/**
 * The plan cards and the credit rates of each service, read once per visit from GET /v1/plans: the server is the
 * one source of prices (info cards, cost summaries, pricing texts and allowances all read them here). The last
 * answer is kept in localStorage so the installed app shows prices offline and at once on the next visit.
 */
import * as v from 'valibot';
import { create } from 'zustand';
import { PlansResponse, type PlanCard } from '../../contract/billing.ts';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { callApi } from './api-client.ts';

const STORAGE_KEY = 'tarjama.plans';

type Plans = v.InferOutput<typeof PlansResponse>;

interface PlansState {
  /** The last answer (this visit's, or the one kept on the device), null before any. */
  plans: Plans | null;
  /** This visit's read failed and nothing was kept. */
  failed: boolean;
  /** The read under way or done this visit (later calls share it). */
  reading: Promise<void> | null;
  /** Reads GET /v1/plans once per visit. */
  load: () => Promise<void>;
}

function readKept(): Plans | null {
  try {
    const parsed = v.safeParse(PlansResponse, JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const usePlansStore = create<PlansState>((set, get) => ({
  plans: readKept(),
  failed: false,
  reading: null,
  load() {
    const existing = get().reading;
    if (existing) return existing;
    const reading = callApi(ENDPOINTS.plans).then(
      (plans) => {
        set({ plans, failed: false });
        try {
          localStorage.setItem(STORAGE_KEY, JSON.stringify(plans));
        } catch {
          // A full or refused storage only costs the offline copy.
        }
      },
      () => set({ reading: null, failed: get().plans === null }), // tried again on the next use
    );
    set({ reading });
    return reading;
  },
}));

/** Forgets this visit's read (tests; a new visit reads again anyway). */
export function resetPlansStore(): void {
  usePlansStore.setState({ plans: readKept(), failed: false, reading: null });
}

/**
 * The monthly allowance of a plan in credits, from the server's plan cards, compared by name case-insensitively;
 * an unknown plan uses the Free plan's (spec section 9). Null before the plans are known.
 */
export function allowanceOf(planName: string, cards: readonly PlanCard[] | undefined): number | null {
  if (!cards?.length) return null;
  const byName = (name: string) => cards.find((c) => c.planName.toLowerCase() === name.toLowerCase());
  return (byName(planName) ?? byName('free'))?.allowance ?? null;
}
