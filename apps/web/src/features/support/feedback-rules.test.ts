import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import {
  canSendFeedback,
  emptyFeedbackForm,
  FEEDBACK_TEXT_MAX,
  feedbackFileProblem,
  toFeedbackForm,
} from './feedback-rules';

describe('feedback form rules', () => {
  it('disables send while the text is empty, too long, or a send is running', () => {
    expect(canSendFeedback({ text: '' }, false)).toBe(false);
    expect(canSendFeedback({ text: '  \n ' }, false)).toBe(false);
    expect(canSendFeedback({ text: 'x'.repeat(FEEDBACK_TEXT_MAX + 1) }, false)).toBe(false);
    expect(canSendFeedback({ text: 'Не работает' }, true)).toBe(false);
    expect(canSendFeedback({ text: 'Не работает' }, false)).toBe(true);
    expect(canSendFeedback({ text: 'x'.repeat(FEEDBACK_TEXT_MAX) }, false)).toBe(true);
  });

  it('checks the file against SPEC 5 before sending it', () => {
    expect(feedbackFileProblem(null)).toBeNull();
    expect(feedbackFileProblem({ name: 'screen.png', size: 1000 })).toBeNull();
    expect(feedbackFileProblem({ name: 'clip.mp4', size: MAX_ATTACHMENT_BYTES })).toBeNull();
    expect(feedbackFileProblem({ name: 'clip.mp4', size: MAX_ATTACHMENT_BYTES + 1 })).toBe('too_big');
    expect(feedbackFileProblem({ name: 'tool.exe', size: 10 })).toBe('unsupported_type');
    expect(feedbackFileProblem({ name: 'empty.pdf', size: 0 })).toBe('empty');
  });

  it('sends the text, the reason or rate, the branch name and the file as a form', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'screen.png', { type: 'image/png' });
    const form = toFeedbackForm({
      ...emptyFeedbackForm(' Москва '),
      text: ' Текст ',
      reason: 'not_clear',
      rate: 4,
      file,
    });
    expect(form.get('text')).toBe('Текст');
    expect(form.get('topic')).toBe('not_clear');
    expect(form.get('rate')).toBe('4');
    expect(form.get('branch_name')).toBe('Москва');
    expect((form.get('file') as File).name).toBe('screen.png');
    const bare = toFeedbackForm({ ...emptyFeedbackForm(''), text: 'x' });
    expect([...bare.keys()]).toEqual(['text']);
  });
});
