// The variables a review step's text may use (SPEC 3 template variables that make sense after a
// visit; {review_link} leads through our click-counting redirect to the branch's review sites).
export const REVIEW_VARIABLES = [
  'name',
  'full_name',
  'master',
  'services',
  'day_month',
  'start_time',
  'filial_name',
  'review_link',
  'tips_link',
] as const;
export type ReviewVariable = (typeof REVIEW_VARIABLES)[number];

// Inserts `insert` over the selection (or at the end without one) and answers where the caret goes.
export function insertAtCaret(
  text: string,
  insert: string,
  start: number | null,
  end: number | null,
): { text: string; caret: number } {
  const from = start === null ? text.length : Math.max(0, Math.min(start, text.length));
  const to = end === null ? from : Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
