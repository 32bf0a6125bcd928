import { DEFAULT_SWITCH_TO_HUMAN_MESSAGE, type AgentSettings } from '@salon/contract/ai-agents';
import type { HandoverReason } from '@salon/contract/ai-chat';
import type { AiResponder, AiTurn } from '../../../ai/llm.js';
import type { Logger } from '../../../platform/logger.js';
import { buildTools, type ToolEvent, type ToolsDeps } from '../tools/build-tools.js';
import { nightMessage, nightWindowStart } from './night.js';
import type { ConversationBranch, MessageRow } from './repository.js';

export interface AskDeps {
  responder: AiResponder;
  tools: ToolsDeps;
  logger: Logger;
}

export interface AskInput {
  accId: number;
  branch: ConversationBranch;
  settings: AgentSettings;
  client: { name: string; phone: string };
  // The clock's now (live) or the test chat's pretend business time.
  now: Date;
  // What the client saw before, oldest first, and the unanswered messages answered together.
  history: MessageRow[];
  pending: MessageRow[];
  onEvent?: (event: ToolEvent) => Promise<void>;
  // The test chat: bookings are checked, never written to the salon's CRM (tools/build-tools.ts).
  dryRun?: boolean;
  // Whether the bot already sent this text since the instant (the night message: once a night).
  saidSince(text: string, since: Date): Promise<boolean>;
}

// What to do with the client's messages: answer, or hand the conversation to a person (telling the
// client `clientText` when not null).
export type Outcome =
  | { kind: 'answer'; text: string }
  | { kind: 'handover'; reason: HandoverReason; clientText: string | null; night: boolean };

// About the last ten turns of each side.
export const HISTORY_MESSAGES = 20;

// Turns of the conversation as the responder reads them: what the salon said is the assistant's.
function turns(history: MessageRow[]): AiTurn[] {
  return history
    .filter((m) => m.text.trim() !== '')
    .map((m) => ({
      role: m.direction === 'incoming' ? ('client' as const) : ('assistant' as const),
      text: m.text,
      at: m.at,
    }));
}

// One answer of the AI administrator, the same for live conversations and the test chat: the
// context (history, joined question, tone, emoji, the salon, its zone and now), the tools of this
// branch and client, the responder, and the night rules for a hand-over.
//
// Night mode (our reading of SPEC 3 nightModeSchedule): the bot keeps answering at night what it
// can. When it would hand over inside the night window, nobody is at the salon to take the chat,
// so the client gets the night message (SPEC 5: the default text when empty) instead of the
// hand-over message, once per night per conversation; the admins are alerted as in the daytime.
export async function ask(deps: AskDeps, input: AskInput): Promise<Outcome> {
  const { settings, branch } = input;
  const tools = buildTools(deps.tools, {
    accId: input.accId,
    timeZone: branch.timeZone,
    settings,
    client: input.client,
    now: input.now,
    onEvent: input.onEvent,
    dryRun: input.dryRun,
  });
  let answer: Awaited<ReturnType<AiResponder['answer']>>;
  try {
    answer = await deps.responder.answer({
      accId: input.accId,
      timeZone: branch.timeZone,
      now: input.now,
      lang: 'ru',
      tone: settings.tone_of_voice,
      emojiList: settings.emoji_list,
      workWithRecord: settings.work_with_record,
      lookupDays: settings.schedule_lookup_interval,
      salon: { name: branch.name, address: branch.address.trim() === '' ? null : branch.address, phone: null },
      client: input.client,
      history: turns(input.history),
      question: input.pending
        .map((m) => m.text.trim())
        .filter((t) => t !== '')
        .join('\n'),
      tools,
    });
  } catch (err) {
    // A responder that fails hands the client to a person instead of leaving them unanswered.
    deps.logger.warn({ err, accId: input.accId, responder: deps.responder.name }, 'AI responder failed');
    answer = { kind: 'handover', reason: 'provider_failed' };
  }
  if (answer.kind === 'answer' && answer.text.trim() !== '') return { kind: 'answer', text: answer.text.trim() };
  const reason: HandoverReason = answer.kind === 'handover' ? answer.reason : 'no_match';

  const nightStart = nightWindowStart(settings.night_mode_schedule, input.now, branch.timeZone);
  if (nightStart) {
    const text = nightMessage(settings.night_mode_schedule);
    const said = await input.saidSince(text, nightStart);
    return { kind: 'handover', reason, clientText: said ? null : text, night: true };
  }
  const text = settings.switch_to_human
    ? settings.switch_to_human_message.trim() || DEFAULT_SWITCH_TO_HUMAN_MESSAGE
    : null;
  return { kind: 'handover', reason, clientText: text, night: false };
}

// SPEC 3 exceptions by the client: the excluded phones, and a client whose upcoming record is with
// an excluded master or has an excluded service or category (the salon handles those itself). A CRM
// that does not answer counts as excluded when there are such exceptions: better silent than
// answering a client the salon wanted to keep.
export async function excludedClient(
  deps: Pick<ToolsDeps, 'crm' | 'crmRepo' | 'logger'>,
  accId: number,
  settings: AgentSettings,
  phone: string,
  now: Date,
): Promise<boolean> {
  if (settings.phones.includes(phone)) return true;
  const masters = new Set(settings.masters_exceptions);
  const services = new Set(settings.services_exceptions);
  const categories = new Set(settings.categories_exceptions);
  if (masters.size + services.size + categories.size === 0) return false;
  try {
    const connection = await deps.crmRepo.connection(accId);
    const records = await deps.crm.driverOf(connection.kind).clientRecords(deps.crm.branch(connection), phone, now);
    return records.some(
      (r) =>
        !r.deleted &&
        ((r.staffId !== null && masters.has(r.staffId)) ||
          r.services.some((s) => services.has(s.id) || (s.categoryId !== null && categories.has(s.categoryId)))),
    );
  } catch (err) {
    deps.logger.warn({ err, accId }, "AI admin: the client's records could not be read for the exceptions");
    return true;
  }
}
