import { allows } from '@salon/contract/rights';
import {
  agentSettings,
  AGGREGATION_SECONDS,
  AI_STATUS,
  DEFAULT_NIGHT_MESSAGE,
  DEFAULT_SWITCH_TO_HUMAN_MESSAGE,
  LOOKUP_DAYS,
  TONES,
  type AgentOptionsResponse,
  type AgentSettings,
  type AgentWire,
} from '@salon/contract/ai-agents';
import { STATUS } from '@salon/contract/status';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { AgentCrmLists, AiAdminCrm } from './crm-lists.js';
import type { AgentBranch, AiAgentsRepository } from './repository.js';

export interface Caller {
  accId: number;
  rights: string[];
  userId: number;
}

export interface AiAgentsDeps {
  repo: AiAgentsRepository;
  crm: AiAdminCrm;
  clock: Clock;
  logger: Logger;
}

// Writes need owner/support: of GUARDS, `systemMessages` is exactly that (no lesser right opens it)
// and is the other screen that sets how the bot itself talks to clients. routes.ts uses the same.
export const AGENT_WRITE_GUARD = 'systemMessages' as const;

// SPEC 3 / 5 / 9 defaults of a branch that never saved its agent.
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  is_active: false,
  recommendation_mode: 'manual',
  aggregation_time: AGGREGATION_SECONDS.default,
  night_mode_schedule: { active: false, start: '21:00', end: '09:00', message_text: DEFAULT_NIGHT_MESSAGE },
  schedule_lookup_interval: LOOKUP_DAYS.default,
  mark_read: false,
  work_with_record: false,
  tone_of_voice: 'neutral',
  emoji_list: [],
  phones: [],
  masters_exceptions: [],
  services_exceptions: [],
  categories_exceptions: [],
  switch_to_human: true,
  switch_to_human_message: DEFAULT_SWITCH_TO_HUMAN_MESSAGE,
};

type Issue = { path: string; code: string };
// The body's own schema refuses malformed fields (and NUL bytes) before the service runs; this is
// the check of the merged document.
const invalid = (issues: Issue[]) => errors.invalid(STATUS.badRequest, issues);
const notPaid = () => new DomainError('forbidden', AI_STATUS.notPaid);
const crmUnavailable = () => new DomainError('upstream', AI_STATUS.crmUnavailable);

// The exception lists and the CRM list each one's ids must come from.
const EXCEPTIONS = [
  ['masters_exceptions', 'masters'],
  ['services_exceptions', 'services'],
  ['categories_exceptions', 'categories'],
] as const satisfies readonly (readonly [keyof AgentSettings, keyof AgentCrmLists])[];

// SPEC 7 AI host (agent settings), SPEC 3 / 5 rules, SPEC 6 rights and the showNeiroInterface flag.
export class AiAgentsService {
  constructor(private readonly d: AiAgentsDeps) {}

  // Send-out-only branches have no AI pages (SPEC 6 menu): every call on them is refused.
  private async assertAgentBranch(accId: number): Promise<AgentBranch> {
    const branch = await this.d.repo.branch(accId);
    if (!branch) throw errors.accountsNotFound();
    if (branch.sendOutAccount) throw errors.failRights('send_out_account');
    return branch;
  }

  async get(caller: Caller): Promise<AgentWire> {
    const branch = await this.assertAgentBranch(caller.accId);
    return this.wire(caller.accId, branch, await this.stored(caller.accId));
  }

  // PATCH: `settings` over the stored ones, checked whole, saved; then copied to `copyTo`. Every
  // check runs before anything is written, and the writes share one transaction.
  async patch(caller: Caller, partial: Partial<AgentSettings>, copyTo: number[]): Promise<AgentWire> {
    const branch = await this.assertAgentBranch(caller.accId);
    if (!branch.paid) throw notPaid();
    const before = await this.stored(caller.accId);
    const parsed = agentSettings.safeParse({ ...before, ...partial });
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((i) => ({ path: ['body.settings', ...i.path].join('.'), code: i.message })),
      );
    }
    const next = normalised(parsed.data);
    await this.assertKnownIds(caller.accId, before, next);
    const targets = await this.copyTargets(caller, copyTo);
    await this.d.repo.save([caller.accId, ...targets], next, this.d.clock.now());
    return this.wire(caller.accId, branch, next);
  }

  async options(caller: Caller): Promise<AgentOptionsResponse> {
    await this.assertAgentBranch(caller.accId);
    const lists = await this.crmLists(caller.accId);
    const list = (items: { id: string; title: string }[]) => ({ count: items.length, data: items });
    return {
      tones: [...TONES],
      masters: list(lists.masters),
      services: list(lists.services),
      categories: list(lists.categories),
    };
  }

  // The stored settings re-read through the contract; a row that no longer parses (an older
  // shape) gives the defaults under what still parses, field by field.
  async stored(accId: number): Promise<AgentSettings> {
    const raw = await this.d.repo.settings(accId);
    if (raw === null) return DEFAULT_AGENT_SETTINGS;
    const parsed = agentSettings.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.d.logger.warn({ accId }, 'stored AI agent settings do not parse: defaults fill the gaps');
    const kept = agentSettings.partial().safeParse(raw);
    return { ...DEFAULT_AGENT_SETTINGS, ...(kept.success ? kept.data : {}) };
  }

  // Ids newly added to an exception list must be in the branch's CRM list (ids kept from before
  // are not re-checked, so a CRM that is down does not block unrelated changes).
  private async assertKnownIds(accId: number, before: AgentSettings, next: AgentSettings): Promise<void> {
    const added = EXCEPTIONS.map(([field, list]) => {
      const old = new Set(before[field] as string[]);
      return { field, list, ids: (next[field] as string[]).filter((id) => !old.has(id)) };
    }).filter((a) => a.ids.length > 0);
    if (added.length === 0) return;
    const lists = await this.crmLists(accId);
    const issues = added.flatMap(({ field, list, ids }) => {
      const known = new Set(lists[list].map((i) => i.id));
      return ids.filter((id) => !known.has(id)).map(() => ({ path: `body.settings.${field}`, code: 'unknown_id' }));
    });
    if (issues.length > 0) throw errors.invalid(AI_STATUS.unknownCrmIds, issues);
  }

  // All or nothing (as the loyalty actions' copy): each must be a paid AI branch where the caller
  // may write the agent.
  private async copyTargets(caller: Caller, copyTo: number[]): Promise<number[]> {
    const ids = [...new Set(copyTo)].filter((id) => id !== caller.accId);
    const targets = await this.d.repo.copyTargets(caller.userId, ids);
    const allowed = targets.filter(
      (t) => t.paid && !t.sendOutAccount && t.memberActive && t.rights !== null && allows(t.rights, AGENT_WRITE_GUARD),
    );
    if (allowed.length !== ids.length) throw errors.failRights('copy_to');
    return ids;
  }

  private async crmLists(accId: number): Promise<AgentCrmLists> {
    try {
      return await this.d.crm.lists(accId);
    } catch (err) {
      this.d.logger.warn({ err, accId }, 'AI agent: CRM lists could not be read');
      throw crmUnavailable();
    }
  }

  private wire(accId: number, branch: AgentBranch, settings: AgentSettings): AgentWire {
    // One agent per branch: its id is the branch's.
    return { ...settings, id: accId, account_id: accId, paid: branch.paid };
  }
}

// SPEC 5: an empty night-mode message falls back to the default text.
function normalised(s: AgentSettings): AgentSettings {
  const message =
    s.night_mode_schedule.message_text.trim() === '' ? DEFAULT_NIGHT_MESSAGE : s.night_mode_schedule.message_text;
  return { ...s, night_mode_schedule: { ...s.night_mode_schedule, message_text: message } };
}
