import type { SendOutFormBody, SendOutFormInput, SendOutFormSaved } from '@salon/contract/onboarding';
import { ONBOARDING_STATUS, fromMoscowOffset, sendOutFormProblem, zoneOfUtcOffset } from '@salon/contract/onboarding';
import { isValidPromoCode, normalizePromoCode } from '@salon/contract/partners-rules';
import { normalizePhone } from '@salon/contract/phone';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.js';
import type { OnboardingRepository } from './repository.js';

// A public form that creates accounts: a person fills it in a few times at most, a script many.
export const SEND_OUT_FORM_RATE: RateRule = { name: 'sendout-form:ip', limit: 30, windowMs: 10 * 60_000 };

// What other modules do for a new salon (runtime.ts wires them). A port given `tx` must run on it
// alone: on PGlite (one connection) a query beside the open transaction would wait for it forever.
export interface OnboardingPorts {
  // The accounts module: the personal-data agreements (SPEC 3 agreements).
  agreements: { save(tx: Db, userId: number, mandatory: boolean, optional: boolean, now: Date): Promise<void> };
  // The settings module: the salon's phone is the branch's contact (receipts of its payments need one).
  branchPhone: {
    get(tx: Db, accId: number): Promise<string>;
    set(tx: Db, accId: number, phone: string, now: Date): Promise<void>;
  };
  // The partners module: the code's card, and the attribution of the branch to the code's partner.
  partners: {
    promoCodeData(code: string): Promise<{ bonus_days: number; discount: number } | null>;
    attribute(tx: Db, accId: number, code: string, phones: string[]): Promise<{ bonusDays: number } | null>;
  };
  // The payments module: the free days the promo code gives.
  payments: { startTestPeriod(tx: Db, accId: number, days: number, today: string): Promise<void> };
  // The CRM layer: which booking system a wizard's branch uses (crm_connections). A YCLIENTS one
  // waits for its user token (the marketplace's callback or the connection page).
  crmConnection?: { register(tx: Db, accId: number, crmName: string, companyId: number): Promise<void> };
}

export interface OnboardingServiceDeps {
  db: Db;
  repo: OnboardingRepository;
  limiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  ports: OnboardingPorts;
  // Where the new owner goes next: the admin bot's start link, else the cabinet's login page.
  deeplink(accId: number): Promise<string>;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

// time_to_msk as sent: absent or blank is "not chosen"; anything but whole hours is out of the list.
function moscowOffsetOf(value: string | number | null | undefined): number | null {
  const raw = text(value).trim();
  if (raw === '') return null;
  const hours = Number(raw);
  return Number.isInteger(hours) ? hours : Number.NaN;
}

function formInput(body: SendOutFormBody): SendOutFormInput {
  return {
    ownerPhone: text(body.owner_phone),
    salonPhone: text(body.salon_phone),
    waAge: body.wa_life_time ?? null,
    timeToMsk: moscowOffsetOf(body.time_to_msk),
    telegramId: text(body.telegram_id).trim(),
    mandatoryAgreement: body.agreements?.mandatory_agreement === true,
  };
}

const promoUnknown = () =>
  errors.invalid(ONBOARDING_STATUS.promoUnknown, [{ path: 'promo_code', code: ONBOARDING_STATUS.promoUnknown }]);

export class OnboardingService {
  constructor(private readonly d: OnboardingServiceDeps) {}

  // SPEC 7 /save_sendout_bot_form: checks in the order of SPEC 5, then one transaction makes the
  // user, the send-out branch and its owner, the agreements, the branch's contact phone, and, with
  // a promo code, the partner's attribution and the free days. The same Telegram id sending the same
  // salon phone again gets its branch back.
  async save(body: SendOutFormBody, ip: string): Promise<SendOutFormSaved> {
    const { d } = this;
    if (!(await d.limiter.hit(SEND_OUT_FORM_RATE, ip))) throw errors.tooManyRequests();
    const input = formInput(body);
    const check = sendOutFormProblem(input);
    if (check) throw errors.invalid(check.problem, [{ path: check.field, code: check.problem }]);
    const promoCode = await this.knownPromoCode(body.promo_code);

    const telegramId = Number(input.telegramId);
    const ownerPhone = normalizePhone(input.ownerPhone)!;
    const salonPhone = normalizePhone(input.salonPhone)!;
    const timeZone = zoneOfUtcOffset(fromMoscowOffset(input.timeToMsk!));
    const optional = body.agreements?.optional_agreement === true;
    const now = d.clock.now();

    const { accId, created } = await d.db.transaction(async (tx) => {
      await d.repo.lockTelegramId(tx, telegramId);
      for (const owned of await d.repo.ownedSendOutBranches(tx, telegramId)) {
        if ((await d.ports.branchPhone.get(tx, owned)) === salonPhone) return { accId: owned, created: false };
      }
      const ownerName = `+${ownerPhone}`;
      await d.repo.ensureUser(tx, telegramId, ownerName);
      const accId = await d.repo.createSendOutBranch(tx, { name: `Рассылка +${salonPhone}`, timeZone }, now);
      await d.repo.addOwner(tx, accId, telegramId, ownerName, now);
      await d.ports.agreements.save(tx, telegramId, true, optional, now);
      await d.ports.branchPhone.set(tx, accId, salonPhone, now);
      if (promoCode) {
        const attributed = await d.ports.partners.attribute(tx, accId, promoCode, [ownerPhone, salonPhone]);
        // The code was there a moment ago; gone now, nothing of the form is kept.
        if (!attributed) throw promoUnknown();
        if (attributed.bonusDays > 0) {
          await d.ports.payments.startTestPeriod(tx, accId, attributed.bonusDays, localDay(now, timeZone));
        }
      }
      return { accId, created: true };
    });

    d.logger.info(
      { accId, telegramId, created, promoCode, waAge: input.waAge, timeZone, formUrl: body.form_url ?? null },
      'send-out form saved',
    );
    return { ok: true, deeplink: await d.deeplink(accId), acc_id: accId, created };
  }

  private async knownPromoCode(raw: string | null | undefined): Promise<string | null> {
    const code = normalizePromoCode(raw ?? '');
    if (code === '') return null;
    if (!isValidPromoCode(code) || !(await this.d.ports.partners.promoCodeData(code))) throw promoUnknown();
    return code;
  }
}
