import {
  DEFAULT_REVIEW_REPEAT_DAYS,
  firstStep,
  lastStep,
  lastStepNumber,
  middleStep,
  reviewSite,
  type FirstStep,
  type LastStep,
  type MiddleStep,
  type ReviewChainWire,
  type ReviewListItem,
  type ReviewSite,
} from '@salon/contract/reviews';
import type { reviewChains, reviewSettings } from '../schema.js';

type ChainRow = typeof reviewChains.$inferSelect;
type SettingsRow = typeof reviewSettings.$inferSelect;

// A stored chain, its steps read back through the contract (they were checked by it on the way in).
export interface ReviewChain {
  id: number;
  accId: number;
  title: string;
  // The chain's switch: the first step's `active`.
  active: boolean;
  position: number;
  firstStep: FirstStep;
  // Middle steps in order: step number = index + 2.
  middleSteps: MiddleStep[];
  lastStep: LastStep;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

// The branch-wide review settings: where review links lead and check_already_review's window.
export interface ReviewSettings {
  sites: ReviewSite[];
  repeatDays: number;
}

export function toChain(row: ChainRow): ReviewChain {
  const middles = Array.isArray(row.secondStep) ? (row.secondStep as unknown[]) : [];
  return {
    id: row.id,
    accId: row.accId,
    title: row.title,
    active: row.active,
    position: row.position,
    firstStep: firstStep.parse(row.firstStep),
    middleSteps: middles.map((m) => middleStep.parse(m)),
    lastStep: lastStep.parse(row.lastStep),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
  };
}

export function toSettings(row: SettingsRow | undefined): ReviewSettings {
  if (!row) return { sites: [], repeatDays: DEFAULT_REVIEW_REPEAT_DAYS };
  const sites = Array.isArray(row.sites) ? (row.sites as unknown[]) : [];
  return {
    sites: sites.flatMap((s) => {
      const parsed = reviewSite.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    }),
    repeatDays: row.repeatDays,
  };
}

// Steps in a chain: the first, the middle ones and the last (SPEC 4 step numbering).
export function stepCount(chain: Pick<ReviewChain, 'middleSteps'>): number {
  return lastStepNumber(chain.middleSteps.length);
}

export function toChainWire(chain: ReviewChain, settings: ReviewSettings): ReviewChainWire {
  return {
    id: chain.id,
    active: chain.active,
    created_at: chain.createdAt.toISOString(),
    updated_at: chain.updatedAt.toISOString(),
    first_step: chain.firstStep,
    second_step: chain.middleSteps,
    last_step: chain.lastStep,
    review_sites: settings.sites,
    repeat_days: settings.repeatDays,
  };
}

export function toListItem(chain: ReviewChain): ReviewListItem {
  return {
    id: chain.id,
    title: chain.title,
    active: chain.active,
    steps: stepCount(chain),
    middle_active: chain.middleSteps.map((m) => m.active),
    last_active: chain.lastStep.active,
    timing: {
      after_end: chain.firstStep.after_end,
      all_day_recs_notifications: chain.firstStep.all_day_recs_notifications,
    },
    updated_at: chain.updatedAt.toISOString(),
  };
}
