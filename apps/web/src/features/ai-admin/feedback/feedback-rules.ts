import { FEEDBACK_TEXT_MAX, type FeedbackBody } from '@salon/contract/ai-stats';

export type FeedbackReason = NonNullable<FeedbackBody['topic']>;

export interface FeedbackDraft {
  text: string;
  rate: number | null;
  topic: FeedbackReason | null;
}

export const EMPTY_FEEDBACK: FeedbackDraft = { text: '', rate: null, topic: null };

// SPEC 5: send is disabled while the text is empty (spaces only count as empty).
export function canSendFeedback(draft: FeedbackDraft, pending: boolean): boolean {
  return !pending && draft.text.trim() !== '' && draft.text.length <= FEEDBACK_TEXT_MAX;
}

// A chosen reason chip clicked again is unchosen: reasons are optional.
export function toggleReason(current: FeedbackReason | null, clicked: FeedbackReason): FeedbackReason | null {
  return current === clicked ? null : clicked;
}

export function feedbackPayload(draft: FeedbackDraft, branchName: string | null): FeedbackBody {
  return {
    text: draft.text.trim(),
    ...(draft.rate !== null ? { rate: draft.rate } : {}),
    ...(draft.topic !== null ? { topic: draft.topic } : {}),
    ...(branchName ? { branch_name: branchName.slice(0, 300) } : {}),
  };
}
