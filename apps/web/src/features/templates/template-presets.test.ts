import { describe, expect, it } from 'vitest';
import { newDraft } from './template-draft';
import { REVIEW_PRESET_OFFSET_HOURS, newTemplateKind, presetCategory } from './template-presets';
import { toSaveRequest, unknownKeysByField } from './template-save-rules';

describe('new template presets', () => {
  it('starts from the tab the user was on', () => {
    expect(presetCategory('event')).toBe('event');
    expect(presetCategory('consent')).toBe('consent');
    expect(presetCategory('time')).toBe('before_start');
    expect(presetCategory(null)).toBe('before_start');
    expect(presetCategory('constructor')).toBe('before_start');
    expect(newTemplateKind('all')).toBeNull();
    expect(newTemplateKind('consent')).toBe('consent');
  });

  it('makes the review request an after-visit template with the review link', () => {
    const draft = newDraft({
      category: 'after_end',
      title: 'Запрос отзыва',
      text: '{name}, оцените визит: {review_link}',
      offsetHours: REVIEW_PRESET_OFFSET_HOURS,
    });
    expect(draft).toMatchObject({
      whenSend: 'after_end',
      whenSend2Days: 0,
      whenSend2Min: 120,
      attendance: [1, 2],
      active: false,
    });
    expect(unknownKeysByField(draft)).toEqual({});
    expect(toSaveRequest(draft).data.settings.when_send2).toBe(2);
  });
});
