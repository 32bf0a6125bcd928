import type { TemplateCategory } from '@salon/contract/templates-rules';
import type { TemplateListView } from './template-list-rules';

// What "New template" starts with from each tab (/new_template?kind=…).
const KIND_CATEGORIES: Record<Exclude<TemplateListView, 'all'>, TemplateCategory> = {
  time: 'before_start',
  event: 'event',
  consent: 'consent',
};

export function presetCategory(kind: string | null): TemplateCategory {
  return kind !== null && Object.hasOwn(KIND_CATEGORIES, kind)
    ? KIND_CATEGORIES[kind as keyof typeof KIND_CATEGORIES]
    : 'before_start';
}

export function newTemplateKind(view: TemplateListView): string | null {
  return view === 'all' ? null : view;
}

// /new_wr_template: a review request two hours after the visit ends, with the review link.
export const REVIEW_PRESET_OFFSET_HOURS = 2;
