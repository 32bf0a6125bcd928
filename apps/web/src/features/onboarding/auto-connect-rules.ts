import {
  AUTO_CONNECT_AGREEMENTS_STEP,
  AUTO_CONNECT_LINKS_MAX,
  autoConnectStepProblems,
  filledLinks,
  type AcceptStepBody,
  type AutoConnectField,
  type AutoConnectForm,
  type AutoConnectFormQuery,
  type AutoConnectProblem,
  type AutoConnectRequestBody,
  type AutoConnectStep,
  type MainChannel,
} from '@salon/contract/auto-connect';
import type { WaAge } from '@salon/contract/onboarding';

// The wizard as the page holds it (SPEC 3 Auto-connection form); each step sends its own part.
export interface WizardState {
  promoCode: string;
  branchName: string;
  emoji: string | null;
  address: string;
  salonPhone: string;
  ownerPhone: string;
  waAge: WaAge | null;
  mainChannel: MainChannel | null;
  // The main link first; always at least one input.
  links: string[];
  telegramId: string;
  mandatoryAgreement: boolean;
  optionalAgreement: boolean;
}

// The link's key of the form; null when a part is missing (the page asks to check the link).
export function wizardQueryOf(params: URLSearchParams): Required<{ [K in keyof AutoConnectFormQuery]: string }> | null {
  const accId = params.get('acc_id')?.trim() ?? '';
  const formHash = params.get('form_hash')?.trim() ?? '';
  const crmName = params.get('crm_name')?.trim() ?? '';
  if (!/^\d+$/.test(accId) || formHash === '' || crmName === '') return null;
  return { acc_id: accId, form_hash: formHash, crm_name: crmName };
}

// What the server has accepted so far fills the steps (going back shows them).
export function stateOfForm(form: AutoConnectForm): WizardState {
  const links = form.linksOnSalon.length > 0 ? [...form.linksOnSalon] : [''];
  return {
    promoCode: form.promoCode ?? '',
    branchName: form.salonName,
    emoji: form.emoji,
    address: form.salonAddress,
    salonPhone: form.salonPhoneNumber,
    ownerPhone: form.ownerPhoneNumber,
    waAge: (form.ageOfWhatsappAccount as WaAge | null) ?? null,
    mainChannel: (form.mainChannel as MainChannel | null) ?? 'wa',
    links,
    telegramId: form.telegramId,
    mandatoryAgreement: form.agreements?.mandatory_agreement ?? false,
    optionalAgreement: form.agreements?.optional_agreement ?? false,
  };
}

export type StepErrors = Partial<Record<AutoConnectField, AutoConnectProblem>>;

// SPEC 5: the step's own fields only.
export function stepErrors(step: AutoConnectStep, state: WizardState): StepErrors {
  const problems = autoConnectStepProblems(step, {
    promoCode: state.promoCode,
    branchName: state.branchName,
    emoji: state.emoji,
    address: state.address,
    salonPhone: state.salonPhone,
    ownerPhone: state.ownerPhone,
    waAge: state.waAge,
    mainChannel: state.mainChannel,
    links: state.links,
    telegramId: state.telegramId,
    mandatoryAgreement: state.mandatoryAgreement,
  });
  return Object.fromEntries(problems.map((p) => [p.field, p.problem]));
}

// SPEC 7 accept_step: the step's fields under their wire names; agreements only at step 8 (SPEC 4).
export function stepBody(step: AutoConnectStep, state: WizardState, form: AutoConnectForm): AcceptStepBody {
  const base = { crm_name: form.crmName, form_step: step };
  switch (step) {
    case 1:
      return base;
    case 2:
      return { ...base, from_ref: state.promoCode.trim() };
    case 3:
      return { ...base, branch_name: state.branchName.trim(), emoji: state.emoji, emoji_list: form.emojiList };
    case 4:
      return { ...base, address: state.address.trim(), salon_phone: state.salonPhone, owner_phone: state.ownerPhone };
    case 5:
      return { ...base, wa_life_time: state.waAge, main_channel: state.mainChannel };
    case 6: {
      const [main = '', ...others] = filledLinks(state.links);
      return { ...base, main_url: main, other_urls: others };
    }
    case 7:
      return { ...base, telegram_id: state.telegramId.trim() };
    case AUTO_CONNECT_AGREEMENTS_STEP:
      return {
        ...base,
        agreements: { mandatory_agreement: state.mandatoryAgreement, optional_agreement: state.optionalAgreement },
      };
  }
}

export const canAddLink = (links: readonly string[]): boolean => links.length < AUTO_CONNECT_LINKS_MAX;

export function addLink(links: readonly string[]): string[] {
  return canAddLink(links) ? [...links, ''] : [...links];
}

export function removeLink(links: readonly string[], index: number): string[] {
  const next = links.filter((_, i) => i !== index);
  return next.length > 0 ? next : [''];
}

// SPEC 8: a step's refusal by its code when the page knows the code, else the server's raw text.
export function stepErrorText(
  status: string,
  detail: string | undefined,
  known: (key: string) => boolean,
  translate: (key: string) => string,
): string {
  const key = `autoConnect.errors.${status}`;
  if (known(key)) return translate(key);
  return detail && detail.trim() !== '' ? detail : status;
}

// The wizard's address the server answers, opened in this cabinet (path and query only).
export function wizardPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

// /auto_connect_form: the YCLIENTS marketplace hands the salon's id as ?salon_id= (INTEGRATIONS.md).
export function requestDefaults(params: URLSearchParams): { crmName: string; companyId: string } {
  const salonId = params.get('salon_id')?.replace(/\D+/g, '') ?? '';
  const crm = params.get('crm_name')?.trim().toLowerCase() ?? '';
  return {
    crmName: crm === 'local' || crm === 'yclients' ? crm : 'yclients',
    companyId: salonId || (params.get('acc_id')?.replace(/\D+/g, '') ?? ''),
  };
}

export function requestBody(crmName: string, companyId: string, promoCode: string | null): AutoConnectRequestBody {
  return { crm_name: crmName, company_id: companyId.trim(), ...(promoCode ? { promo_code: promoCode } : {}) };
}
