import { z } from 'zod';
import {
  AGE_MAX,
  AMOUNT_MAX,
  CLIENT_CATEGORY_MODES,
  isRealDate,
  rangeInOrder,
  RECORDS_COUNT_MAX,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_IDS_MAX,
  SEGMENT_ISSUE,
  SEGMENT_NAME_MAX,
  SEGMENT_OPERATIONS,
  SUBSCRIPTION_STATUSES,
  VISIT_MODES,
} from './mailing-segments-rules.js';

export * from './mailing-segments-rules.js';

// SPEC 3 Segment and SPEC 7 Mailing host: /sendout_segments (GET list; POST with segment_name and
// segment_description in the query and the filters as the body; PUT with segment_id; DELETE with
// segment_id) and POST /get_clients_from_ycl {operation, loyalty_action_id, filters}, whose answer
// is the parse answer of mailing-sendouts.ts.
//
// Filters are {operation: AND|OR, conditions}: each condition is one kind (client, record, sale,
// sent_earlier) whose fields all hold together; the operation joins the conditions. An absent or
// null field does not filter; an empty condition list is every client of the CRM.

// CRM ids (staff, services, categories, goods, client categories, certificate and subscription
// types) as the reference lists give them.
const crmId = z.string().trim().min(1).max(64);
const idList = z.array(crmId).max(SEGMENT_IDS_MAX);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: SEGMENT_ISSUE.invalidDate })
  .refine(isRealDate, { message: SEGMENT_ISSUE.invalidDate });

const inOrder = <T extends number | string>(r: { from?: T | null | undefined; to?: T | null | undefined }) =>
  rangeInOrder(r.from, r.to);
const orderIssue = { message: SEGMENT_ISSUE.rangeOrder, path: ['to'] };

// Days of the branch's calendar; either end may be open.
const dateRange = z.object({ from: isoDate.nullish(), to: isoDate.nullish() }).refine(inOrder, orderIssue);
// A period with both ends (birthdays, 'sent earlier').
const closedDateRange = z.object({ from: isoDate, to: isoDate }).refine(inOrder, orderIssue);
const intRange = (max: number) =>
  z
    .object({ from: z.number().int().min(0).max(max).nullish(), to: z.number().int().min(0).max(max).nullish() })
    .refine(inOrder, orderIssue);
const amountRange = z
  .object({ from: z.number().min(0).max(AMOUNT_MAX).nullish(), to: z.number().min(0).max(AMOUNT_MAX).nullish() })
  .refine(inOrder, orderIssue);

export const segmentDateRange = dateRange;
export type SegmentDateRange = z.infer<typeof dateRange>;
export type SegmentNumberRange = z.infer<typeof amountRange>;

// Client filters: gender, clientCategory, isGotSendOuts, birthdayPeriod, agePeriod (SPEC 3).
// isGotSendOuts is ours, not the CRM's: whether the client got any send-out of this branch.
export const clientCondition = z.object({
  type: z.literal('client'),
  gender: z
    .array(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .max(3)
    .nullish(),
  clientCategory: z.object({ mode: z.enum(CLIENT_CATEGORY_MODES), ids: idList.min(1) }).nullish(),
  isGotSendOuts: z.boolean().nullish(),
  birthdayPeriod: closedDateRange.nullish(),
  agePeriod: intRange(AGE_MAX).nullish(),
});
export type ClientCondition = z.infer<typeof clientCondition>;

// Record filters: the client's bookings by staff, services, service categories and period (the
// visit's day), how many of them and their sold amount (the records' cost), visit or no visit.
export const recordCondition = z.object({
  type: z.literal('record'),
  staff: idList.nullish(),
  services: idList.nullish(),
  serviceCategories: idList.nullish(),
  period: dateRange.nullish(),
  recordsCount: intRange(RECORDS_COUNT_MAX).nullish(),
  soldAmount: amountRange.nullish(),
  visit: z.enum(VISIT_MODES).nullish(),
});
export type RecordCondition = z.infer<typeof recordCondition>;

export const certificateFilter = z.object({
  types: idList.nullish(),
  used: z.boolean().nullish(),
  balance: amountRange.nullish(),
  expiry: dateRange.nullish(),
  saleDate: dateRange.nullish(),
});
export type CertificateFilter = z.infer<typeof certificateFilter>;

export const subscriptionFilter = z.object({
  types: idList.nullish(),
  used: z.boolean().nullish(),
  statuses: z.array(z.enum(SUBSCRIPTION_STATUSES)).max(SUBSCRIPTION_STATUSES.length).nullish(),
  frozen: z.boolean().nullish(),
  expiry: dateRange.nullish(),
  remainingServices: intRange(RECORDS_COUNT_MAX).nullish(),
});
export type SubscriptionFilter = z.infer<typeof subscriptionFilter>;

// Sale filters: goods and their sale date, certificates, subscriptions.
export const saleCondition = z.object({
  type: z.literal('sale'),
  goods: idList.nullish(),
  saleDate: dateRange.nullish(),
  certificates: certificateFilter.nullish(),
  subscriptions: subscriptionFilter.nullish(),
});
export type SaleCondition = z.infer<typeof saleCondition>;

// 'Sent earlier': the client got (or did not get) a send-out of this branch between two days.
export const sentEarlierCondition = z.object({
  type: z.literal('sent_earlier'),
  period: closedDateRange,
  got: z.boolean(),
});
export type SentEarlierCondition = z.infer<typeof sentEarlierCondition>;

export const segmentCondition = z.discriminatedUnion('type', [
  clientCondition,
  recordCondition,
  saleCondition,
  sentEarlierCondition,
]);
export type SegmentCondition = z.infer<typeof segmentCondition>;

export const segmentConditions = z.array(segmentCondition).max(SEGMENT_CONDITIONS_MAX);

export const segmentFilters = z.object({
  operation: z.enum(SEGMENT_OPERATIONS),
  conditions: segmentConditions,
});
export type SegmentFilters = z.infer<typeof segmentFilters>;

// --- /sendout_segments ---

export const segmentName = z
  .string()
  .trim()
  .min(1, { message: SEGMENT_ISSUE.nameRequired })
  .max(SEGMENT_NAME_MAX, { message: SEGMENT_ISSUE.nameTooLong });
export const segmentDescription = z
  .string()
  .trim()
  .max(SEGMENT_DESCRIPTION_MAX, { message: SEGMENT_ISSUE.descriptionTooLong });

const segmentId = z.coerce.number().int().positive().max(2_147_483_647);

// SPEC 3 Segment on the wire: segmentId, segmentName, segmentDescription, filters.
export const segmentWire = z.object({
  segment_id: z.number().int(),
  segment_name: z.string(),
  segment_description: z.string(),
  filters: segmentFilters,
  updated_at: z.string(),
});
export type SegmentWire = z.infer<typeof segmentWire>;

// GET /sendout_segments: the branch's segments, oldest first.
export const segmentListResponse = z.object({ ok: z.literal(true), data: z.array(segmentWire) });
export type SegmentListResponse = z.infer<typeof segmentListResponse>;

// POST /sendout_segments?segment_name&segment_description, body: the filters.
export const createSegmentQuery = z.object({
  segment_name: segmentName,
  segment_description: segmentDescription.optional(),
});
export type CreateSegmentQuery = z.infer<typeof createSegmentQuery>;

// PUT /sendout_segments?segment_id[&segment_name][&segment_description], body: the filters. A name
// or description left out stays as it is.
export const updateSegmentQuery = z.object({
  segment_id: segmentId,
  segment_name: segmentName.optional(),
  segment_description: segmentDescription.optional(),
});
export type UpdateSegmentQuery = z.infer<typeof updateSegmentQuery>;

// DELETE /sendout_segments?segment_id
export const segmentIdQuery = z.object({ segment_id: segmentId });

export const segmentSavedResponse = z.object({ ok: z.literal(true), status: z.string(), data: segmentWire });
export type SegmentSavedResponse = z.infer<typeof segmentSavedResponse>;
export const segmentDeletedResponse = z.object({
  ok: z.literal(true),
  status: z.string(),
  segment_id: z.number().int(),
});

// POST /get_clients_from_ycl: the clients of the branch's CRM that match, as a draft send-out; the
// answer is parsedClientFile (mailing-sendouts.ts). `filters` are the conditions, joined by `operation`.
export const getClientsFromYclBody = z.object({
  operation: z.enum(SEGMENT_OPERATIONS),
  loyalty_action_id: z.string().trim().max(64).nullish(),
  filters: segmentConditions,
});
export type GetClientsFromYclBody = z.infer<typeof getClientsFromYclBody>;
