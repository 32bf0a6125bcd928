// The record filters live with the CRM (crm/record-filter.ts): the review chains use them too.
export { mismatch, type MatchContext, type Mismatch } from '../../../crm/record-filter.js';
