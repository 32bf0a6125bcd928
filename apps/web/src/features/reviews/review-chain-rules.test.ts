import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REVIEW_REPEAT_DAYS,
  MAX_MIDDLE_STEPS,
  reviewChainData,
  type ReviewChainWire,
} from '@salon/contract/reviews';
import {
  addEntry,
  addMiddleStep,
  addSite,
  clampNumber,
  draftFingerprint,
  draftProblems,
  entryInput,
  fieldOfPath,
  newChainDraft,
  problemsOf,
  removeMiddleStep,
  setFirstActive,
  setMiddleActive,
  setRepeatDays,
  setVisitsFrom,
  setVisitsTo,
  stepNumbers,
  stepsCount,
  toData,
  toDraft,
  type ChainDraft,
} from './review-chain-rules';

const base = (): ChainDraft =>
  newChainDraft({ title: 'Отзыв', text: 'Как вам визит?', positive: 'Спасибо! {review_link}', negative: 'Жаль' });

const withSteps = (count: number): ChainDraft => {
  let draft = base();
  for (let i = 0; i < count; i += 1) draft = addMiddleStep(draft, `Напоминание ${i + 1}`).draft;
  return draft;
};

describe('step numbering (SPEC 4)', () => {
  it('numbers the first step 1, the middle ones from 2 and the last one last', () => {
    expect(stepNumbers(0)).toEqual({ first: 1, middle: [], last: 2 });
    expect(stepNumbers(2)).toEqual({ first: 1, middle: [2, 3], last: 4 });
    expect(stepNumbers(3)).toEqual({ first: 1, middle: [2, 3, 4], last: 5 });
  });

  it('counts first + middle + last for save_review', () => {
    expect(stepsCount(withSteps(0))).toBe(2);
    expect(stepsCount(withSteps(3))).toBe(5);
  });
});

describe('middle steps', () => {
  it('adds steps with the default 24 h gap, on like the chain', () => {
    const draft = withSteps(1);
    expect(draft.middle).toHaveLength(1);
    expect(draft.middle[0]).toMatchObject({ delayHours: 24, active: true, saved: false, text: 'Напоминание 1' });
  });

  it('refuses a fourth middle step with the too-many-steps flag', () => {
    const full = withSteps(MAX_MIDDLE_STEPS);
    const result = addMiddleStep(full);
    expect(result.notice).toBe('tooManySteps');
    expect(result.draft).toBe(full);
    expect(result.draft.middle).toHaveLength(3);
  });

  it('removes a step and renumbers the rest', () => {
    const draft = removeMiddleStep(withSteps(3), 0);
    expect(draft.middle.map((s) => s.text)).toEqual(['Напоминание 2', 'Напоминание 3']);
    expect(stepNumbers(draft.middle.length).last).toBe(4);
    expect(removeMiddleStep(draft, 7)).toBe(draft);
  });

  it('turning the first step off turns every middle step off; on keeps them as they are', () => {
    const off = setFirstActive(withSteps(2), false);
    expect(off.active).toBe(false);
    expect(off.middle.every((s) => !s.active)).toBe(true);
    const on = setFirstActive(off, true);
    expect(on.active).toBe(true);
    expect(on.middle.every((s) => !s.active)).toBe(true);
  });

  it('refuses to turn a middle step on while the chain is off', () => {
    const off = setFirstActive(withSteps(1), false);
    expect(setMiddleActive(off, 0, true)).toEqual({ draft: off, notice: 'chainInactive' });
    const on = setFirstActive(off, true);
    expect(setMiddleActive(on, 0, true).draft.middle[0]?.active).toBe(true);
  });
});

describe('list inputs (SPEC 5)', () => {
  it('keeps digits only; Telegram ids keep a leading minus', () => {
    expect(entryInput('blacklist', '+7 (999) 123-45-67')).toBe('79991234567');
    expect(entryInput('waAlerts', '-79991234567')).toBe('79991234567');
    expect(entryInput('tgAlerts', '-100 123 456')).toBe('-100123456');
    expect(entryInput('tgAlerts', '12-34')).toBe('1234');
  });

  it('adds a valid entry, ignores a duplicate and refuses an invalid one', () => {
    const added = addEntry(base(), 'blacklist', '79991234567');
    expect(added).toMatchObject({ notice: null });
    expect(added.draft.blacklist).toEqual(['79991234567']);
    const again = addEntry(added.draft, 'blacklist', '+7 999 123 45 67');
    expect(again.notice).toBe('duplicateEntry');
    expect(again.draft.blacklist).toEqual(['79991234567']);
    expect(addEntry(base(), 'blacklist', '123').notice).toBe('invalidEntry');
  });

  it('takes negative Telegram ids of 5 to 15 digits for group chats', () => {
    expect(addEntry(base(), 'tgAlerts', '-1001234567890').draft.tgAlerts).toEqual(['-1001234567890']);
    expect(addEntry(base(), 'tgAlerts', '123456').draft.tgAlerts).toEqual(['123456']);
    expect(addEntry(base(), 'tgAlerts', '-1234').notice).toBe('invalidEntry');
    expect(addEntry(base(), 'tgAlerts', '1234567890123456').notice).toBe('invalidEntry');
  });
});

describe('visits and number clamps (SPEC 5)', () => {
  it('empties a value below 1 and refuses "from" above "to"', () => {
    expect(setVisitsFrom(base(), 0).draft.visitsFrom).toBeNull();
    const to = setVisitsTo(base(), 5);
    expect(setVisitsFrom(to, 6)).toEqual({ draft: to, notice: 'visitsQuantityError' });
    expect(setVisitsFrom(to, 3).draft.visitsFrom).toBe(3);
  });

  it('lowering "to" below "from" lowers "from"', () => {
    const draft = setVisitsTo(setVisitsFrom(base(), 4).draft, 2);
    expect([draft.visitsFrom, draft.visitsTo]).toEqual([2, 2]);
    expect(setVisitsTo(draft, -1).visitsTo).toBeNull();
  });

  it('clamps: empty, non-numeric or too low gives the initial value, too high the upper bound', () => {
    expect(clampNumber('', 1, 365, 30)).toBe(30);
    expect(clampNumber('abc', 1, 365, 30)).toBe(30);
    expect(clampNumber(0, 1, 365, 30)).toBe(30);
    expect(clampNumber(1000, 1, 365, 30)).toBe(365);
    expect(clampNumber('45', 1, 365, 30)).toBe(45);
    expect(setRepeatDays(base(), null).repeatDays).toBe(DEFAULT_REVIEW_REPEAT_DAYS);
  });
});

describe('wire mapping', () => {
  it('sends exactly one timing, as the contract requires', () => {
    const after = toData(base());
    expect(after.first_step.after_end).toBe(0.25);
    expect(after.first_step.all_day_recs_notifications).toBeNull();
    const daily = toData({ ...base(), timeType: 'all_day', day: -2, time: '10:30' });
    expect(daily.first_step.after_end).toBeNull();
    expect(daily.first_step.all_day_recs_notifications).toEqual({ day: -2, time: '10:30' });
    expect(reviewChainData.safeParse(daily).success).toBe(true);
  });

  it('reads a stored chain back into the same data', () => {
    const data = toData(addSite(withSteps(2)).draft);
    const wire: ReviewChainWire = {
      ...reviewChainData.parse({ ...data, review_sites: [{ kind: 'yandex', url: 'https://yandex.ru/maps/org/1' }] }),
      id: 7,
      active: true,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    const draft = toDraft(wire);
    expect(draft.id).toBe(7);
    expect(draft.middle.every((s) => s.saved)).toBe(true);
    expect(toData(draft)).toEqual(reviewChainData.parse(toData(draft)));
    expect(draftFingerprint(draft)).toBe(draftFingerprint(toDraft(wire)));
  });
});

describe('problems', () => {
  it('maps contract and server issue paths to editor fields', () => {
    expect(fieldOfPath(['first_step', 'title'])).toBe('title');
    expect(fieldOfPath(['body', 'data', 'first_step', 'content', '0', 'body'])).toBe('text');
    expect(fieldOfPath(['data', 'second_step', '1', 'content'])).toBe('middle.1');
    expect(fieldOfPath(['second_step'])).toBe('middle');
    expect(fieldOfPath(['last_step', 'fail_text'])).toBe('negative');
    expect(fieldOfPath(['review_sites', '0', 'url'])).toBe('site.0');
    expect(fieldOfPath(['first_step', 'tg_alerts', '2'])).toBe('tgAlerts');
  });

  it('finds an empty title, empty last-step texts and a bad review URL before the save', () => {
    const draft = { ...addSite(base()).draft, title: ' ', positive: '', negative: '' };
    expect(draftProblems(draft)).toMatchObject({
      title: 'required',
      positive: 'empty_positive_text',
      negative: 'empty_negative_text',
      'site.0': 'invalid_url',
    });
    expect(draftProblems(base())).toEqual({});
  });

  it('an inactive last step may have empty texts', () => {
    expect(draftProblems({ ...base(), lastActive: false, positive: '', negative: '' })).toEqual({});
  });

  it('reads unknown server codes as "invalid"', () => {
    expect(problemsOf([{ path: ['body', 'data', 'first_step', 'after_end'], code: 'Invalid input' }])).toEqual({
      timing: 'invalid',
    });
  });
});
