import { isCompletePhone } from '@salon/contract/phone';
import {
  INTEGRATOR_NAME_MAX,
  INTEGRATOR_SERVICE_MAX,
  INTEGRATOR_SYSTEM_MAX,
  SUPPORT_STATUS,
  type IntegratorRequestBody,
} from '@salon/contract/support';

// The integrators form (SPEC 3 "Integrator request": name, phone, requiredService, the integrator's
// name and the WhatsApp number to connect).
export interface IntegratorFormValues {
  name: string;
  // Digits only (the phone input keeps only digits).
  phone: string;
  system: string;
  service: string;
  whatsapp: string;
}
export type IntegratorField = keyof IntegratorFormValues;
export type IntegratorProblem = (typeof SUPPORT_STATUS)[keyof typeof SUPPORT_STATUS];

export const EMPTY_INTEGRATOR_FORM: IntegratorFormValues = {
  name: '',
  phone: '',
  system: '',
  service: '',
  whatsapp: '',
};

// The field each server code belongs to (the same codes the form checks before sending).
const FIELD_OF: Partial<Record<string, IntegratorField>> = {
  [SUPPORT_STATUS.nameRequired]: 'name',
  [SUPPORT_STATUS.phoneInvalid]: 'phone',
  [SUPPORT_STATUS.integratorRequired]: 'system',
  [SUPPORT_STATUS.serviceRequired]: 'service',
  [SUPPORT_STATUS.whatsappInvalid]: 'whatsapp',
};

export function integratorFieldOf(code: string): IntegratorField | null {
  return FIELD_OF[code] ?? null;
}

function requiredText(value: string, max: number): boolean {
  const text = value.trim();
  return text !== '' && text.length <= max;
}

// The problems of each field, the server's rules in the same order.
export function integratorProblems(values: IntegratorFormValues): Partial<Record<IntegratorField, IntegratorProblem>> {
  const problems: Partial<Record<IntegratorField, IntegratorProblem>> = {};
  if (!requiredText(values.name, INTEGRATOR_NAME_MAX)) problems.name = SUPPORT_STATUS.nameRequired;
  if (!isCompletePhone(values.phone)) problems.phone = SUPPORT_STATUS.phoneInvalid;
  if (!requiredText(values.system, INTEGRATOR_SYSTEM_MAX)) problems.system = SUPPORT_STATUS.integratorRequired;
  if (!requiredText(values.service, INTEGRATOR_SERVICE_MAX)) problems.service = SUPPORT_STATUS.serviceRequired;
  if (!isCompletePhone(values.whatsapp)) problems.whatsapp = SUPPORT_STATUS.whatsappInvalid;
  return problems;
}

// The wire body (SPEC 3: branch_id, integranor_name (sic), name, service, whatsapp_number as a number).
export function toIntegratorBody(values: IntegratorFormValues, branchId: number): IntegratorRequestBody {
  return {
    branch_id: branchId,
    integranor_name: values.system.trim(),
    name: values.name.trim(),
    phone: values.phone,
    service: values.service.trim(),
    whatsapp_number: Number(values.whatsapp),
  };
}
