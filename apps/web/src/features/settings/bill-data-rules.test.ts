import { describe, expect, it } from 'vitest';
import { billDataProblems, billDataServerError, sanitizeInn, sanitizeKpp, toBillDataBody } from './bill-data-rules';

// Check digits computed by the SPEC 5 weights.
const VALID_INN_10 = '7707083893';
const VALID_INN_12 = '500100732259';

describe('bill data rules', () => {
  it('keeps only digits of the INN, at most 12', () => {
    expect(sanitizeInn('77-07 083893')).toBe('7707083893');
    expect(sanitizeInn('1234567890123456')).toBe('123456789012');
  });

  it('checks the INN check digits', () => {
    const draft = { inn: VALID_INN_10, kpp: '', name: '' };
    expect(billDataProblems(draft)).toEqual({});
    expect(billDataProblems({ ...draft, inn: VALID_INN_12 })).toEqual({});
    expect(billDataProblems({ ...draft, inn: '7707083894' })).toEqual({ inn: 'innInvalid' });
    expect(billDataProblems({ ...draft, inn: '12345' })).toEqual({ inn: 'innInvalid' });
    expect(billDataProblems({ ...draft, inn: '' })).toEqual({});
  });

  it('raises and checks the KPP', () => {
    expect(sanitizeKpp('7707ab001-x')).toBe('7707AB001');
    expect(billDataProblems({ inn: '', kpp: '770701001', name: '' })).toEqual({});
    expect(billDataProblems({ inn: '', kpp: '7707', name: '' })).toEqual({ kpp: 'kppInvalid' });
  });

  it('trims the name and maps server answers', () => {
    expect(toBillDataBody({ inn: '', kpp: '', name: ' ООО «Бархат» ' }).name).toBe('ООО «Бархат»');
    expect(billDataServerError('', 'INN_NOT_VALID')).toEqual(['inn', 'innInvalid']);
    expect(billDataServerError('inn', 'whatever')).toEqual(['inn', 'innInvalid']);
    expect(billDataServerError('', 'Bad request')).toBeNull();
  });
});
