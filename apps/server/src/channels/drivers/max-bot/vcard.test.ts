import { describe, expect, it } from 'vitest';
import { phoneFromVcard } from './vcard.js';

describe('phoneFromVcard', () => {
  it('takes the first TEL that is a phone, in international digits', () => {
    const vcf = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Анна\r\nTEL;TYPE=cell:+7 (916) 123-45-67\r\nEND:VCARD';
    expect(phoneFromVcard(vcf)).toBe('79161234567');
    expect(phoneFromVcard('BEGIN:VCARD\nTEL:8 916 123 45 67\nEND:VCARD')).toBe('79161234567');
    expect(phoneFromVcard('BEGIN:VCARD\nTEL;VALUE=uri:tel:+79161234567\nEND:VCARD')).toBe('79161234567');
    expect(phoneFromVcard('BEGIN:VCARD\nitem1.TEL:12\nTEL:+7 916\n 123-45-67\nEND:VCARD')).toBe('79161234567');
  });

  it('finds nothing without a phone', () => {
    expect(phoneFromVcard('BEGIN:VCARD\nFN:Анна\nEND:VCARD')).toBeNull();
    expect(phoneFromVcard('BEGIN:VCARD\nTEL:123\nEND:VCARD')).toBeNull();
    expect(phoneFromVcard('')).toBeNull();
  });
});
