import { describe, expect, it } from 'vitest';
import {
  INITIAL_START_PAGE_FORM,
  fieldErrors,
  firstErrorField,
  linkParamsOf,
  outcomeOf,
  toSubmitQuery,
} from './start-page-rules';

describe('start page rules (SPEC 4, 5)', () => {
  it('starts empty with WhatsApp chosen', () => {
    expect(INITIAL_START_PAGE_FORM).toEqual({ name: '', phone: '', method: 'whatsapp' });
  });

  it('needs a name of at least one character and a phone of ten digits or more, name first', () => {
    expect(fieldErrors({ name: ' ', phone: '', method: 'whatsapp' })).toEqual({
      name: 'start_page_name_empty',
      phone: 'start_page_phone_empty',
    });
    expect(firstErrorField(fieldErrors({ name: '', phone: '', method: 'whatsapp' }))).toBe('name');
    expect(fieldErrors({ name: 'А', phone: '791612345', method: 'phone' })).toEqual({
      phone: 'start_page_phone_short',
    });
    expect(fieldErrors({ name: 'Анна', phone: '0000000000000', method: 'phone' })).toEqual({
      phone: 'start_page_phone_invalid',
    });
    expect(fieldErrors({ name: 'Анна', phone: '9161234567', method: 'whatsapp' })).toEqual({});
    expect(fieldErrors({ name: 'Анна', phone: '79161234567', method: 'whatsapp' })).toEqual({});
  });

  it('reads the link and refuses one without the branch or its hash', () => {
    const link = linkParamsOf(
      new URLSearchParams('branchId=1001&formHash=abc&formUrl=https%3A%2F%2Fbook.example&leadId=7&crmName=yclients'),
    );
    expect(link).toEqual({
      branchId: '1001',
      formHash: 'abc',
      formUrl: 'https://book.example',
      leadId: '7',
      crmName: 'yclients',
    });
    expect(linkParamsOf(new URLSearchParams('branchId=1001'))).toBeNull();
    expect(linkParamsOf(new URLSearchParams('formHash=abc&branchId='))).toBeNull();
    expect(
      toSubmitQuery({ name: ' Анна ', phone: '79161234567', method: 'phone' }, { ...link!, leadId: null }),
    ).toEqual({
      communication_method: 'phone',
      salon_id: '1001',
      user_name: 'Анна',
      phone: '79161234567',
      lead_id: '',
      form_hash: 'abc',
      form_url: 'https://book.example',
      crm_name: 'yclients',
    });
  });

  it('goes to a messenger chat link, and shows success for anything else', () => {
    expect(outcomeOf('https://wa.me/79990007711')).toEqual({ kind: 'chat', url: 'https://wa.me/79990007711' });
    expect(outcomeOf('https://t.me/salon_bot')).toEqual({ kind: 'chat', url: 'https://t.me/salon_bot' });
    expect(outcomeOf('ok')).toEqual({ kind: 'success' });
    expect(outcomeOf('https://evil.example/wa.me/1')).toEqual({ kind: 'success' });
    expect(outcomeOf('javascript:alert(1)')).toEqual({ kind: 'success' });
  });
});
