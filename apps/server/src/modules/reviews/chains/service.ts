import type { z } from 'zod';
import {
  firstStep as firstStepSchema,
  lastStep as lastStepSchema,
  lastStepNumber,
  middleStep as middleStepSchema,
  REVIEW_ISSUE,
  REVIEW_STATUS,
  type ReviewChainData,
  type ReviewChainWire,
  type ReviewListItem,
  type ReviewSite,
} from '@salon/contract/reviews';
import { STATUS } from '@salon/contract/status';
import type { Clock } from '../../../platform/clock.js';
import { DomainError } from '../../../platform/errors.js';
import { errors } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { stepCount, toChainWire, toListItem, type ReviewChain, type ReviewSettings } from './mapper.js';
import type { ChainDraft, ReviewChainsRepository } from './repository.js';

export interface Caller {
  accId: number;
  rights: string[];
  userId: number;
}

// Told after commit that a chain stopped (switched off, its first step turned off in the editor,
// or deleted): the runner cancels the chain's pending sends.
export type ChainSwitchedOffListener = (accId: number, chainId: number) => Promise<void>;

export interface ReviewChainsDeps {
  repo: ReviewChainsRepository;
  clock: Clock;
  logger: Logger;
}

type Issue = { path: string; code: string };

export const notFound = () => new DomainError('not_found', REVIEW_STATUS.notFound);
const invalid = (issues: Issue[]) => errors.invalid(STATUS.badRequest, issues);

// A step checked by its contract schema; its issues, under `path`, refuse the call.
function checked<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalid(
    parsed.error.issues.map((i) => ({ path: [path, ...i.path.map(String)].join('.'), code: i.message })),
  );
}

// SPEC 4 Review chain on the server: the chain's switch is the first step's; a chain that is off has
// every middle step off (switching it off, or turning its first step off in the editor, does that).
function draftOf(data: Pick<ReviewChainData, 'first_step' | 'second_step' | 'last_step'>): ChainDraft {
  const active = data.first_step.active;
  return {
    title: data.first_step.title,
    active,
    firstStep: { ...data.first_step, id: 1 },
    secondStep: active ? data.second_step : data.second_step.map((m) => ({ ...m, active: false })),
    lastStep: data.last_step,
  };
}

function draftOfChain(chain: ReviewChain): ChainDraft {
  return draftOf({ first_step: chain.firstStep, second_step: chain.middleSteps, last_step: chain.lastStep });
}

const settingsOf = (data: { review_sites: ReviewSite[]; repeat_days: number }) => ({
  sites: data.review_sites,
  repeatDays: data.repeat_days,
});

// SPEC 7 Reviews (the chains' calls), SPEC 4 and 5 review chain rules and SPEC 6 rights.
export class ReviewChainsService {
  readonly #switchedOff: ChainSwitchedOffListener[] = [];

  constructor(private readonly d: ReviewChainsDeps) {}

  // The runner subscribes here (modules/reviews/module.ts).
  onChainSwitchedOff(listener: ChainSwitchedOffListener): void {
    this.#switchedOff.push(listener);
  }

  // Send-out-only branches have no reviews (SPEC 6): every call on them is refused.
  async assertReviewsBranch(accId: number): Promise<{ timeZone: string }> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    return { timeZone: branch.timeZone };
  }

  async list(caller: Caller): Promise<{ data: ReviewListItem[]; order: number[] } & ReviewSettings> {
    await this.assertReviewsBranch(caller.accId);
    const [chains, settings] = await Promise.all([
      this.d.repo.list(caller.accId),
      this.d.repo.settings(caller.accId),
    ]);
    return { data: chains.map(toListItem), order: chains.map((c) => c.id), ...settings };
  }

  async get(caller: Caller, id: number): Promise<{ count: number; data: ReviewChainWire }> {
    await this.assertReviewsBranch(caller.accId);
    const chain = await this.live(caller.accId, id);
    const settings = await this.d.repo.settings(caller.accId);
    return { count: stepCount(chain), data: toChainWire(chain, settings) };
  }

  // POST /save_review: a new chain, or an update of `template_id`. Everything is checked before
  // anything is written.
  async save(
    caller: Caller,
    body: { user_id?: number | undefined; template_id: number | null; steps_count?: number | undefined; data: ReviewChainData },
  ): Promise<number> {
    await this.assertReviewsBranch(caller.accId);
    if (body.user_id !== undefined && body.user_id !== caller.userId) throw errors.accessDenied('user_id');
    if (body.steps_count !== undefined && body.steps_count !== lastStepNumber(body.data.second_step.length)) {
      throw invalid([{ path: 'body.steps_count', code: REVIEW_ISSUE.stepsCount }]);
    }
    if (body.template_id !== null) {
      await this.update(caller, body.template_id, body.data);
      return body.template_id;
    }
    return this.d.repo.create(caller.accId, draftOf(body.data), settingsOf(body.data), this.d.clock.now());
  }

  // PUT /update_review?template_id, and save_review with an id.
  async update(caller: Caller, id: number, data: ReviewChainData): Promise<void> {
    await this.assertReviewsBranch(caller.accId);
    const draft = draftOf(data);
    const before = await this.d.repo.replace(caller.accId, id, draft, settingsOf(data), this.d.clock.now());
    if (!before) throw notFound();
    if (before.active && !draft.active) await this.switchedOff(caller.accId, id);
  }

  async delete(caller: Caller, id: number): Promise<void> {
    await this.assertReviewsBranch(caller.accId);
    const before = await this.d.repo.softDelete(caller.accId, id, this.d.clock.now());
    if (!before) throw notFound();
    if (before.active) await this.switchedOff(caller.accId, id);
  }

  // DELETE /review_step_delete: middle steps only; the ones after it move up a number.
  async deleteStep(caller: Caller, id: number, step: number): Promise<void> {
    await this.assertReviewsBranch(caller.accId);
    const changed = await this.d.repo.change(
      caller.accId,
      id,
      (chain) => {
        const index = step - 2;
        if (index < 0 || index >= chain.middleSteps.length) {
          throw invalid([{ path: 'querystring.step_number', code: REVIEW_ISSUE.invalidStep }]);
        }
        const draft = draftOfChain(chain);
        return { ...draft, secondStep: chain.middleSteps.filter((_, i) => i !== index) };
      },
      this.d.clock.now(),
    );
    if (!changed) throw notFound();
  }

  // POST /review_switch. On needs a first step with its text; off turns every middle step off.
  async switchChain(caller: Caller, id: number, on: boolean): Promise<void> {
    await this.switchStep(caller, id, 1, on);
  }

  // POST /review_step_switch: 1 is the chain's switch, 2..n-1 the middle steps, n the last step.
  async switchStep(caller: Caller, id: number, step: number, on: boolean): Promise<void> {
    await this.assertReviewsBranch(caller.accId);
    const changed = await this.d.repo.change(
      caller.accId,
      id,
      (chain) => switched(chain, step, on),
      this.d.clock.now(),
    );
    if (!changed) throw notFound();
    if (changed.before.active && !changed.after.active) await this.switchedOff(caller.accId, id);
  }

  private async live(accId: number, id: number): Promise<ReviewChain> {
    const chain = await this.d.repo.find(accId, id);
    if (!chain) throw notFound();
    return chain;
  }

  // The write has committed: a listener's failure is logged, not answered (the runner also checks
  // that a chain is on before each send).
  private async switchedOff(accId: number, chainId: number): Promise<void> {
    for (const listener of this.#switchedOff) {
      try {
        await listener(accId, chainId);
      } catch (err) {
        this.d.logger.error({ err, accId, chainId }, 'review chain switched off: cancelling its sends failed');
      }
    }
  }
}

// The chain after one step's switch, or an invalid-input error (nothing is written).
function switched(chain: ReviewChain, step: number, on: boolean): ChainDraft {
  const draft = draftOfChain(chain);
  const last = lastStepNumber(chain.middleSteps.length);
  if (step === 1) {
    const first = checked(firstStepSchema, { ...chain.firstStep, active: on }, 'data.first_step');
    return draftOf({ first_step: first, second_step: chain.middleSteps, last_step: chain.lastStep });
  }
  if (step === last) {
    return { ...draft, lastStep: checked(lastStepSchema, { ...chain.lastStep, active: on }, 'data.last_step') };
  }
  const index = step - 2;
  const middle = chain.middleSteps[index];
  if (step < 1 || step > last || !middle) {
    throw invalid([{ path: 'body.step_number', code: REVIEW_ISSUE.invalidStep }]);
  }
  if (on && !chain.active) throw invalid([{ path: 'body.step_number', code: REVIEW_ISSUE.chainInactive }]);
  const next = checked(middleStepSchema, { ...middle, active: on }, `data.second_step.${index}`);
  return { ...draft, secondStep: chain.middleSteps.map((m, i) => (i === index ? next : m)) };
}
