import { z } from 'zod';

// The booking system's reference lists (SPEC 7 "category lists"): what template filters and
// segment conditions pick from, one GET /template_categories?category=<kind> each. Defined once
// here for the CRM port, the route and both screens of the cabinet.
export const REFERENCE_LIST_KINDS = [
  'services',
  'categories',
  'staff',
  'goods',
  'client_category',
  'record_labels',
  'loyalty_card_types',
] as const;
export type ReferenceListKind = (typeof REFERENCE_LIST_KINDS)[number];

export const referenceListQuery = z.object({ category: z.enum(REFERENCE_LIST_KINDS) });
// A list as the dropdowns read it (data, count).
export const referenceListResponse = z.object({
  ok: z.literal(true),
  data: z.array(z.object({ id: z.string(), title: z.string() })),
  count: z.number().int(),
});
export type ReferenceListItem = z.infer<typeof referenceListResponse>['data'][number];
