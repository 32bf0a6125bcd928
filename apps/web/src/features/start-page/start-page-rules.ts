import {
  DEFAULT_COMMUNICATION_METHOD,
  isMessengerChatLink,
  startPageProblems,
  type CommunicationMethod,
  type StartPageStatus,
} from '@salon/contract/start-page';

// The start page's link (SPEC 2): branchId and formHash name the salon; formUrl, leadId and crmName
// say where the client came from and are kept with the request.
export interface StartPageLinkParams {
  branchId: string;
  formHash: string;
  formUrl: string | null;
  leadId: string | null;
  crmName: string | null;
}

export interface StartPageFormState {
  name: string;
  // Digits only (the phone input keeps nothing else).
  phone: string;
  // SPEC 4: WhatsApp and phone exclude each other; WhatsApp is the default.
  method: CommunicationMethod;
}

export const INITIAL_START_PAGE_FORM: StartPageFormState = {
  name: '',
  phone: '',
  method: DEFAULT_COMMUNICATION_METHOD,
};

export type StartPageFieldErrors = Partial<Record<'name' | 'phone', StartPageStatus>>;

const present = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);

// null when the link lacks the branch or its hash: the page says to check the link.
export function linkParamsOf(params: URLSearchParams): StartPageLinkParams | null {
  const branchId = present(params.get('branchId'));
  const formHash = present(params.get('formHash'));
  if (!branchId || !formHash) return null;
  return {
    branchId,
    formHash,
    formUrl: present(params.get('formUrl')),
    leadId: present(params.get('leadId')),
    crmName: present(params.get('crmName')),
  };
}

// SPEC 5, one message per field in the rules' order (the contract's rules, the server's too).
export function fieldErrors(state: StartPageFormState): StartPageFieldErrors {
  const errors: StartPageFieldErrors = {};
  for (const { field, problem } of startPageProblems({ name: state.name, phone: state.phone })) {
    if ((field === 'name' || field === 'phone') && !errors[field]) errors[field] = problem;
  }
  return errors;
}

export function firstErrorField(errors: StartPageFieldErrors): 'name' | 'phone' | null {
  return errors.name ? 'name' : errors.phone ? 'phone' : null;
}

// SPEC 7: the POST's query (its body is empty).
export function toSubmitQuery(state: StartPageFormState, link: StartPageLinkParams) {
  return {
    communication_method: state.method,
    salon_id: link.branchId,
    user_name: state.name.trim(),
    phone: state.phone,
    lead_id: link.leadId ?? '',
    form_hash: link.formHash,
    form_url: link.formUrl,
    crm_name: link.crmName,
  };
}

// SPEC 4: a messenger chat link sends the browser there (same window); anything else is a success.
export type StartPageOutcome = { kind: 'chat'; url: string } | { kind: 'success' };
export function outcomeOf(answer: string): StartPageOutcome {
  return isMessengerChatLink(answer) ? { kind: 'chat', url: answer } : { kind: 'success' };
}
