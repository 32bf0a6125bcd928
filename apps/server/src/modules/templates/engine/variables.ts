// The record variables live with the CRM (crm/record-variables.ts): the review chains use them too.
export {
  birthdayVariables,
  formatMoney,
  formatPhone,
  localeOf,
  recordVariables,
  type BranchFacts,
} from '../../../crm/record-variables.js';
