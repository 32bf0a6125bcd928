import { describe, expect, it } from 'vitest';
import { EMPTY_INTEGRATOR_FORM, integratorFieldOf, integratorProblems, toIntegratorBody } from './integrator-rules';

const VALID = {
  name: ' Анна ',
  phone: '79261110005',
  system: 'Altegio',
  service: 'Онлайн-запись',
  whatsapp: '79261110006',
};

describe('integrator form rules', () => {
  it('asks for every field of an empty form, with the server’s codes', () => {
    expect(integratorProblems(EMPTY_INTEGRATOR_FORM)).toEqual({
      name: 'name_required',
      phone: 'phone_invalid',
      system: 'integrator_required',
      service: 'service_required',
      whatsapp: 'whatsapp_invalid',
    });
  });

  it('takes a filled form; blanks and incomplete numbers are problems', () => {
    expect(integratorProblems(VALID)).toEqual({});
    expect(integratorProblems({ ...VALID, name: '   ' })).toEqual({ name: 'name_required' });
    expect(integratorProblems({ ...VALID, phone: '7926111' })).toEqual({ phone: 'phone_invalid' });
    expect(integratorProblems({ ...VALID, whatsapp: '7926' })).toEqual({ whatsapp: 'whatsapp_invalid' });
    expect(integratorProblems({ ...VALID, service: 'x'.repeat(1001) })).toEqual({ service: 'service_required' });
  });

  it('sends the SPEC 3 wire names, the WhatsApp number as a number', () => {
    expect(toIntegratorBody(VALID, 501)).toEqual({
      branch_id: 501,
      integranor_name: 'Altegio',
      name: 'Анна',
      phone: '79261110005',
      service: 'Онлайн-запись',
      whatsapp_number: 79261110006,
    });
  });

  it('maps the server’s codes back to the fields', () => {
    expect(integratorFieldOf('integrator_required')).toBe('system');
    expect(integratorFieldOf('whatsapp_invalid')).toBe('whatsapp');
    expect(integratorFieldOf('Bad request')).toBeNull();
  });
});
