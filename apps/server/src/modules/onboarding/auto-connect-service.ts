import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import {
  AUTO_CONNECT_AGREEMENTS_STEP,
  AUTO_CONNECT_EMOJIS,
  AUTO_CONNECT_STATUS,
  BRANCH_NAME_MAX,
  autoConnectStepProblems,
  filledLinks,
  isAutoConnectCrm,
  isAutoConnectStep,
  nextAutoConnectStep,
  type AcceptStepBody,
  type AutoConnectForm,
  type AutoConnectFormQuery,
  type AutoConnectInput,
  type AutoConnectRequestBody,
  type AutoConnectRequested,
  type AutoConnectStep,
} from '@salon/contract/auto-connect';
import { ONBOARDING_STATUS } from '@salon/contract/onboarding';
import { isValidPromoCode, normalizePromoCode } from '@salon/contract/partners-rules';
import { normalizePhone } from '@salon/contract/phone';
import { localDay } from '@salon/contract/zoned-time';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { RateLimiter, RateRule } from '../../platform/rate-limit/rate-limiter.js';
import type { AutoConnectData, AutoConnectFormRow, AutoConnectRepository } from './auto-connect-repository.js';
import type { OnboardingRepository } from './repository.js';
import type { OnboardingPorts } from './service.js';

// Public calls that open and fill a form: a salon makes a few dozen, a script many more.
export const AUTO_CONNECT_RATE: RateRule = { name: 'auto-connect:ip', limit: 120, windowMs: 10 * 60_000 };
// A new branch's zone when the CRM does not tell it (SPEC 9: times are Moscow's by default).
export const AUTO_CONNECT_DEFAULT_ZONE = 'Europe/Moscow';
const COMPANY_ID_MAX = 2_147_483_647;

export interface AutoConnectServiceDeps {
  db: Db;
  repo: AutoConnectRepository;
  tenancy: OnboardingRepository;
  limiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  ports: OnboardingPorts;
  publicBase: string;
  // The company as its CRM describes it (its name and zone prefill the form); null: the CRM does not
  // know it; undefined: the CRM cannot tell.
  crmCompany(
    crmName: string,
    companyId: number,
  ): Promise<{ title: string; timeZone: string | null } | null | undefined>;
  // The admin bot's start link for the form's owner (step 7), null without a bot.
  botLink(companyId: number): Promise<string | null>;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const invalid = (status: string, field?: string) =>
  errors.invalid(status, field ? [{ path: field, code: status }] : undefined);
const formNotFound = () => new AppError(404, AUTO_CONNECT_STATUS.formNotFound);
const alreadyConnected = () => new AppError(409, AUTO_CONNECT_STATUS.alreadyConnected);
const promoUnknown = (field: string) => invalid(ONBOARDING_STATUS.promoUnknown, field);

function companyIdOf(raw: string | number | null | undefined): number | null {
  const value = text(raw).trim();
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= COMPANY_ID_MAX ? id : null;
}

// The step's fields as typed (links: the main one first).
function inputOf(body: AcceptStepBody): AutoConnectInput {
  return {
    promoCode: text(body.from_ref),
    branchName: text(body.branch_name),
    emoji: body.emoji ?? null,
    address: text(body.address),
    salonPhone: text(body.salon_phone),
    ownerPhone: text(body.owner_phone),
    waAge: body.wa_life_time ?? null,
    mainChannel: body.main_channel ?? null,
    links: [text(body.main_url), ...(body.other_urls ?? [])],
    telegramId: text(body.telegram_id).trim(),
    mandatoryAgreement: body.agreements?.mandatory_agreement === true,
  };
}

// What the step adds to the form (normalised as stored).
function stepData(step: AutoConnectStep, input: AutoConnectInput, body: AcceptStepBody): AutoConnectData {
  switch (step) {
    case 3:
      return { branch_name: input.branchName.trim(), emoji: input.emoji! };
    case 4:
      return {
        address: input.address.trim(),
        salon_phone: normalizePhone(input.salonPhone)!,
        owner_phone: normalizePhone(input.ownerPhone)!,
      };
    case 5:
      return { wa_life_time: input.waAge!, main_channel: input.mainChannel! };
    case 6: {
      const [main = '', ...others] = filledLinks(input.links);
      return { main_url: main, other_urls: others };
    }
    case 7:
      return { telegram_id: input.telegramId };
    case 8:
      return {
        agreements: { mandatory_agreement: true, optional_agreement: body.agreements?.optional_agreement === true },
      };
    default:
      return {};
  }
}

// SPEC 7 autoconnect_request, get_form, accept_step: the wizard that connects a salon of a booking
// system. Each step stores its fields on the form; only the last (the agreements) creates the user,
// the branch and its owner, in one transaction.
export class AutoConnectService {
  constructor(private readonly d: AutoConnectServiceDeps) {}

  async request(body: AutoConnectRequestBody, ip: string): Promise<AutoConnectRequested> {
    const { d } = this;
    if (!(await d.limiter.hit(AUTO_CONNECT_RATE, ip))) throw errors.tooManyRequests();
    const crmName = text(body.crm_name).trim().toLowerCase();
    if (!isAutoConnectCrm(crmName)) throw invalid(AUTO_CONNECT_STATUS.crmUnknown, 'crm_name');
    const companyId = companyIdOf(body.company_id);
    if (companyId === null) throw invalid(AUTO_CONNECT_STATUS.companyInvalid, 'company_id');
    const promoCode = await this.knownPromoCode(body.promo_code, 'promo_code');
    if ((await d.repo.branchOfCompany(crmName, companyId)) !== null) throw alreadyConnected();
    const company = await d.crmCompany(crmName, companyId);
    if (company === null) throw invalid(AUTO_CONNECT_STATUS.companyUnknown, 'company_id');

    const formHash = randomBytes(24).toString('base64url');
    const data: AutoConnectData = {
      ...(company?.title ? { branch_name: company.title.slice(0, BRANCH_NAME_MAX) } : {}),
      ...(company?.timeZone ? { time_zone: company.timeZone } : {}),
    };
    await d.repo.insertForm({ formHash, crmName, crmCompanyId: companyId, promoCode, data }, d.clock.now());
    d.logger.info({ crmName, companyId, promoCode }, 'auto-connect form opened');
    const query = new URLSearchParams({ acc_id: String(companyId), form_hash: formHash, crm_name: crmName });
    if (promoCode) query.set('promo_code', promoCode);
    return { ok: true, form_hash: formHash, url: `${d.publicBase.replace(/\/$/, '')}/auto_connect?${query}` };
  }

  async getForm(query: AutoConnectFormQuery): Promise<AutoConnectForm> {
    return this.answer(await this.formOf(query));
  }

  async acceptStep(query: AutoConnectFormQuery, body: AcceptStepBody, ip: string): Promise<AutoConnectForm> {
    const { d } = this;
    if (!(await d.limiter.hit(AUTO_CONNECT_RATE, ip))) throw errors.tooManyRequests();
    const form = await this.formOf(query);
    // A finished form answers its branch again, whatever is sent (a replay, a second tab).
    if (form.completedAt) return this.answer(form);

    const step = Number(text(body.form_step).trim() || Number.NaN);
    if (!isAutoConnectStep(step) || step > form.stepId) throw invalid(AUTO_CONNECT_STATUS.stepInvalid, 'form_step');
    if (body.agreements && step !== AUTO_CONNECT_AGREEMENTS_STEP) {
      throw invalid(AUTO_CONNECT_STATUS.agreementsEarly, 'agreements');
    }
    const input = inputOf(body);
    const [problem] = autoConnectStepProblems(step, input);
    if (problem) throw invalid(problem.problem, problem.field);

    const now = d.clock.now();
    let promoCode = form.promoCode;
    if (step === 2 && !promoCode) promoCode = await this.knownPromoCode(input.promoCode, 'from_ref');
    const data: AutoConnectData = { ...form.data, ...stepData(step, input, body) };
    const stepId = Math.max(form.stepId, nextAutoConnectStep(step, promoCode !== null));

    if (step !== AUTO_CONNECT_AGREEMENTS_STEP) {
      await d.repo.saveStep(form.formHash, { stepId, data, promoCode }, now);
      return this.answer({ ...form, stepId, data, promoCode });
    }
    const accId = await this.connect(form, data, now);
    return this.answer({ ...form, data, accId, completedAt: now });
  }

  // Step 8: the user, the branch, its owner, the agreements, the contact phone and the promo
  // code's attribution and free days, all or nothing.
  private async connect(form: AutoConnectFormRow, data: AutoConnectData, now: Date): Promise<number> {
    const { d } = this;
    const telegramId = Number(data.telegram_id);
    const ownerPhone = data.owner_phone!;
    const salonPhone = data.salon_phone!;
    const timeZone = data.time_zone ?? AUTO_CONNECT_DEFAULT_ZONE;
    const result = await d.db.transaction(async (tx) => {
      await d.repo.lockForm(tx, form.formHash);
      const current = await d.repo.form(form.formHash, form.crmName, form.crmCompanyId, tx);
      if (current?.completedAt && current.accId !== null) return { accId: current.accId, created: false };
      await d.repo.lockCompany(tx, form.crmName, form.crmCompanyId);
      if ((await d.repo.branchOfCompany(form.crmName, form.crmCompanyId, tx)) !== null) throw alreadyConnected();

      const ownerName = `+${ownerPhone}`;
      await d.tenancy.ensureUser(tx, telegramId, ownerName);
      const accId = await d.repo.createBranch(
        tx,
        {
          companyId: form.crmCompanyId,
          crmName: form.crmName,
          name: data.branch_name!,
          address: data.address ?? '',
          timeZone,
        },
        now,
      );
      await d.tenancy.addOwner(tx, accId, telegramId, ownerName, now);
      await d.ports.crmConnection?.register(tx, accId, form.crmName, form.crmCompanyId);
      await d.ports.agreements.save(tx, telegramId, true, data.agreements?.optional_agreement === true, now);
      await d.ports.branchPhone.set(tx, accId, salonPhone, now);
      if (form.promoCode) {
        const attributed = await d.ports.partners.attribute(tx, accId, form.promoCode, [ownerPhone, salonPhone]);
        if (!attributed) throw promoUnknown('from_ref');
        if (attributed.bonusDays > 0) {
          await d.ports.payments.startTestPeriod(tx, accId, attributed.bonusDays, localDay(now, timeZone));
        }
      }
      await d.repo.complete(tx, form.formHash, data, accId, now);
      return { accId, created: true };
    });
    d.logger.info(
      { ...result, crmName: form.crmName, companyId: form.crmCompanyId, telegramId, promoCode: form.promoCode },
      'auto-connect form completed',
    );
    return result.accId;
  }

  private async formOf(query: AutoConnectFormQuery): Promise<AutoConnectFormRow> {
    const companyId = companyIdOf(query.acc_id);
    const crmName = text(query.crm_name).trim().toLowerCase();
    const formHash = text(query.form_hash).trim();
    if (companyId === null || formHash === '' || !isAutoConnectCrm(crmName)) throw formNotFound();
    const form = await this.d.repo.form(formHash, crmName, companyId);
    if (!form) throw formNotFound();
    return form;
  }

  private async answer(form: AutoConnectFormRow): Promise<AutoConnectForm> {
    const { d } = this;
    const promo = form.promoCode ? await d.ports.partners.promoCodeData(form.promoCode) : null;
    const botStep = form.stepId >= 7 || form.completedAt !== null;
    const botLink = botStep ? await d.botLink(form.crmCompanyId) : null;
    const imageSrc = botLink
      ? await QRCode.toDataURL(botLink, { errorCorrectionLevel: 'M', margin: 1, width: 256 })
      : null;
    const data = form.data;
    return {
      ok: true,
      crmName: form.crmName,
      accId: form.crmCompanyId,
      stepId: form.stepId,
      completed: form.completedAt !== null,
      branchAccId: form.accId,
      promoCode: form.promoCode,
      promoCodeData: promo ? { discount: promo.discount, bonusDays: promo.bonus_days } : null,
      salonName: data.branch_name ?? '',
      emoji: data.emoji ?? null,
      emojiList: [...AUTO_CONNECT_EMOJIS],
      salonAddress: data.address ?? '',
      salonPhoneNumber: data.salon_phone ?? '',
      ownerPhoneNumber: data.owner_phone ?? '',
      ageOfWhatsappAccount: data.wa_life_time ?? null,
      mainChannel: data.main_channel ?? null,
      linksOnSalon: [...(data.main_url ? [data.main_url] : []), ...(data.other_urls ?? [])],
      telegramId: data.telegram_id ?? '',
      botLink,
      imageSrc,
      agreements: data.agreements ?? null,
    };
  }

  private async knownPromoCode(raw: string | null | undefined, field: string): Promise<string | null> {
    const code = normalizePromoCode(raw ?? '');
    if (code === '') return null;
    if (!isValidPromoCode(code) || !(await this.d.ports.partners.promoCodeData(code))) throw promoUnknown(field);
    return code;
  }
}
