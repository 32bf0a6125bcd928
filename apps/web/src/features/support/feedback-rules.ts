import { checkAttachment } from '@salon/contract/attachments';
import {
  FEEDBACK_RATE_MAX,
  FEEDBACK_RATE_MIN,
  FEEDBACK_REASONS,
  FEEDBACK_TEXT_MAX,
  feedbackTextProblem,
  type FeedbackReason,
} from '@salon/contract/support';

export { FEEDBACK_REASONS, FEEDBACK_TEXT_MAX, type FeedbackReason };

export interface FeedbackFormValues {
  text: string;
  reason: FeedbackReason | null;
  // 0: not rated.
  rate: number;
  branchName: string;
  file: File | null;
}

export const emptyFeedbackForm = (branchName: string): FeedbackFormValues => ({
  text: '',
  reason: null,
  rate: 0,
  branchName,
  file: null,
});

// SPEC 5: send is disabled while the text is empty (or over the shared maximum) and while sending.
export function canSendFeedback(values: Pick<FeedbackFormValues, 'text'>, sending: boolean): boolean {
  return !sending && feedbackTextProblem(values.text) === null;
}

export type FeedbackFileProblem = 'too_big' | 'unsupported_type' | 'empty';

// SPEC 5 Attachments (≤ 20 MB; image, video, audio or document), checked before the upload; the
// server checks the bytes again.
export function feedbackFileProblem(file: { name: string; size: number } | null): FeedbackFileProblem | null {
  if (!file) return null;
  const check = checkAttachment(file.name, file.size);
  return check.ok ? null : check.error;
}

export function isRate(value: number): boolean {
  return Number.isInteger(value) && value >= FEEDBACK_RATE_MIN && value <= FEEDBACK_RATE_MAX;
}

// The multipart form of POST /send_feedback_to_asana (text, topic or rate, branch name, file).
export function toFeedbackForm(values: FeedbackFormValues): FormData {
  const form = new FormData();
  form.append('text', values.text.trim());
  if (values.reason) form.append('topic', values.reason);
  if (isRate(values.rate)) form.append('rate', String(values.rate));
  if (values.branchName.trim()) form.append('branch_name', values.branchName.trim());
  if (values.file) form.append('file', values.file, values.file.name);
  return form;
}
