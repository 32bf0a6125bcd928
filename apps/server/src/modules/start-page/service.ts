import {
  COMMUNICATION_METHODS,
  START_PAGE_NAME_MAX,
  START_PAGE_OK,
  START_PAGE_STATUS,
  startPageProblem,
  startPageUrl,
  type CommunicationMethod,
  type StartPageAnswer,
  type StartPageField,
  type StartPageInfo,
  type StartPageLink,
  type StartPageLinkQuery,
  type StartPageSubmitQuery,
} from '@salon/contract/start-page';
import { normalizePhone } from '@salon/contract/phone';
import type { Outbox } from '../../channels/dispatch/outbox.js';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import type { AdminBotMessages } from '../../platform/files/admin-bot-files.js';
import type { Logger } from '../../platform/logger.js';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.js';
import type { StartPageLinks } from './link.js';
import type { StartPageRepository } from './repository.js';
import { callbackText, greetingText } from './texts.js';

// A client fills the page once or twice; a script hammering it is stopped per address, and one
// phone cannot be made a target of many messages however many addresses send it.
export const START_PAGE_RATES = {
  perIp: { name: 'start-page:ip', limit: 20, windowMs: 10 * 60_000 },
  perPhone: { name: 'start-page:phone', limit: 5, windowMs: 60 * 60_000 },
  // The link check (GET): a page load, or a retry after a dropped connection.
  checkPerIp: { name: 'start-page-check:ip', limit: 120, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateRule>;

// A second submission of the same phone and method within this window starts nothing new (a double
// click, a back button, an impatient client): the first greeting or call-back note stands.
export const START_PAGE_REPEAT_WINDOW_MS = 10 * 60_000;

// What other parts of the server do for the page (runtime.ts wires them).
export interface StartPagePorts {
  // The branch's booking CRM: the client of the phone, created when the CRM lets us; null when
  // the CRM neither knows nor can create them. Runs in the CRM's own transaction.
  crmClient(accId: number, client: { name: string; phone: string }): Promise<{ id: string } | null>;
  // The branch's connected WhatsApp number (digits), or null.
  whatsappNumber(accId: number): Promise<string | null>;
}

export interface StartPageServiceDeps {
  repo: StartPageRepository;
  outbox: Pick<Outbox, 'transaction'>;
  links: StartPageLinks;
  limiter: RateLimiter;
  botMessages: AdminBotMessages;
  clock: Clock;
  logger: Logger;
  ports: StartPagePorts;
  // The cabinet's public address: the settings card's link starts with it.
  publicBase: string;
}

const PATH_OF: Record<StartPageField, string> = {
  name: 'user_name',
  phone: 'phone',
  method: 'communication_method',
};

const isMethod = (value: string): value is CommunicationMethod =>
  (COMMUNICATION_METHODS as readonly string[]).includes(value);

const blankToNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export class StartPageService {
  constructor(private readonly d: StartPageServiceDeps) {}

  // The settings card: the owner pastes this address into the booking form.
  link(accId: number): StartPageLink {
    const formHash = this.d.links.hashOf(accId);
    return {
      ok: true,
      data: { url: startPageUrl(this.d.publicBase, accId, formHash), branch_id: accId, form_hash: formHash },
    };
  }

  // The page's first call: an unknown or altered link is a 404 the page explains.
  async info(query: StartPageLinkQuery, ip: string): Promise<StartPageInfo> {
    if (!(await this.d.limiter.hit(START_PAGE_RATES.checkPerIp, ip))) throw errors.tooManyRequests();
    const accId = this.d.links.verify(query.branchId, query.formHash);
    const salon = accId === null ? null : await this.d.repo.branchName(accId);
    if (accId === null || salon === null) throw errors.notFound();
    return { ok: true, salon_name: salon, whatsapp_available: (await this.d.ports.whatsappNumber(accId)) !== null };
  }

  // SPEC 7: the client's request. The link first (404), then SPEC 5 in order (400), then the CRM
  // client, and in one transaction the request's row with the start of the conversation: a
  // greeting in the outbox (WhatsApp), or the request for a call-back whose note goes to the admins
  // after the commit (phone). The answer is the salon's WhatsApp chat link, else 'ok'.
  async submit(query: StartPageSubmitQuery, ip: string): Promise<StartPageAnswer> {
    const { d } = this;
    if (!(await d.limiter.hit(START_PAGE_RATES.perIp, ip))) throw errors.tooManyRequests();
    const accId = d.links.verify(query.salon_id, query.form_hash);
    const salon = accId === null ? null : await d.repo.branchName(accId);
    if (accId === null || salon === null) throw errors.notFound();

    const name = (query.user_name ?? '').trim().slice(0, START_PAGE_NAME_MAX);
    const check = startPageProblem({ name, phone: query.phone ?? '' });
    if (check) throw errors.invalid(check.problem, [{ path: PATH_OF[check.field], code: check.problem }]);
    const method = (query.communication_method ?? '').trim();
    if (!isMethod(method)) {
      const problem = START_PAGE_STATUS.methodInvalid;
      throw errors.invalid(problem, [{ path: PATH_OF.method, code: problem }]);
    }
    const phone = normalizePhone((query.phone ?? '').replace(/\D+/g, ''))!;
    if (!(await d.limiter.hit(START_PAGE_RATES.perPhone, `${accId}:${phone}`))) throw errors.tooManyRequests();

    const crmClientId = await d.ports
      .crmClient(accId, { name, phone })
      .then((client) => client?.id ?? null)
      .catch((err: unknown) => {
        // The request must not be lost because the CRM is down: it is kept without the client.
        d.logger.warn({ err, accId }, 'start page: CRM client not found or created');
        return null;
      });
    const whatsapp = method === 'whatsapp' ? await d.ports.whatsappNumber(accId) : null;
    const now = d.clock.now();
    const leadId = blankToNull(query.lead_id);
    const row = {
      accId,
      userName: name,
      phone,
      communicationMethod: method,
      leadId,
      formUrl: blankToNull(query.form_url),
      formHash: query.form_hash,
      crmName: blankToNull(query.crm_name),
      crmClientId,
      createdAt: now,
    };

    const { requestId, repeat } = await d.outbox.transaction(async (tx, outbox) => {
      const repo = d.repo.with(tx);
      await repo.lockPhone(accId, phone);
      const earlier = await repo.recentRequest(
        accId,
        phone,
        method,
        new Date(now.getTime() - START_PAGE_REPEAT_WINDOW_MS),
      );
      if (method === 'phone') {
        const id = await repo.insert({ ...row, status: 'callback', statusReason: earlier ? 'repeat' : null });
        return { requestId: id, repeat: earlier !== undefined };
      }
      if (earlier) {
        const id = await repo.insert({ ...row, status: 'started', statusReason: 'repeat', outboxId: earlier.outboxId });
        return { requestId: id, repeat: true };
      }
      const id = await repo.insert({ ...row, status: 'started', statusReason: null });
      const message = await outbox.enqueue({
        accId,
        idempotencyKey: `start-page:${id}`,
        source: 'start_page',
        sourceId: String(id),
        recipient: phone,
        clientName: name,
        body: greetingText(name, salon),
        media: null,
        // The client chose WhatsApp; without a connected number the branch's channel priority tries.
        channels: whatsapp ? ['whatsapp'] : null,
        notBefore: now,
      });
      await repo.linkOutbox(id, message.id);
      return { requestId: id, repeat: false };
    });

    d.logger.info({ accId, requestId, method, repeat, crmClientId, leadId }, 'start page request');
    if (method === 'phone') {
      if (!repeat) await this.tellAdmins(accId, { name, phone, salon, leadId });
      return START_PAGE_OK;
    }
    return whatsapp ? `https://wa.me/${whatsapp}` : START_PAGE_OK;
  }

  // A chat that cannot be reached must not fail the client's request: it is stored already.
  private async tellAdmins(accId: number, note: Parameters<typeof callbackText>[0]): Promise<void> {
    for (const chat of await this.d.repo.callbackChats(accId)) {
      try {
        await this.d.botMessages.sendText(chat.chatId, callbackText(note, chat.lang));
      } catch (err) {
        this.d.logger.warn({ err, chatId: chat.chatId }, 'start page: call-back note not delivered');
      }
    }
  }
}
