import { describe, expect, it } from 'vitest';
import { smsProviderByKey } from '@salon/contract/sms-providers';
import { chooseProvider, smsProblems, smsServerError, toSmsBody, toSmsDraft, toggleConfirm } from './sms-rules';

const id = (key: string) => smsProviderByKey(key)!.id;
const wire = {
  sms_provider: null,
  sms_apikey: '',
  sms_pass: '',
  sms_login: '',
  sms_sendername: '',
  sms_confirm: false,
};

describe('sms settings rules', () => {
  it('reads null as off and keeps masked secrets out of the inputs', () => {
    const draft = toSmsDraft({ ...wire, sms_provider: id('smsru'), sms_apikey: '••••abcd' });
    expect(draft.providerId).toBe(id('smsru'));
    expect(draft.apiKey).toBe('');
    expect(draft.storedApiKey).toBe('••••abcd');
    expect(toSmsDraft(wire).providerId).toBe(1);
  });

  it('clears the confirmation when off is chosen, and says so', () => {
    const on = { ...toSmsDraft({ ...wire, sms_provider: id('smsru') }), confirm: true };
    const result = chooseProvider(on, 1);
    expect(result.draft.confirm).toBe(false);
    expect(result.confirmCleared).toBe(true);
    expect(chooseProvider(on, id('smsc')).confirmCleared).toBe(false);
    expect(chooseProvider({ ...on, confirm: false }, 1).confirmCleared).toBe(false);
  });

  it('refuses the confirmation while off', () => {
    const off = toSmsDraft(wire);
    expect(toggleConfirm(off, true)).toEqual({ draft: off, refused: true });
    expect(toggleConfirm(off, false).refused).toBe(false);
    const smsru = { ...off, providerId: id('smsru') };
    expect(toggleConfirm(smsru, true).draft.confirm).toBe(true);
  });

  it('reports the provider rules by field', () => {
    const draft = toSmsDraft({ ...wire, sms_provider: id('smsprosto') });
    expect(smsProblems(draft)).toEqual({ apiKey: 'apiKeyOrLogin', senderName: 'required' });
    expect(smsProblems({ ...draft, login: 'salon', password: 'x', senderName: 'Salon' })).toEqual({
      login: 'invalidEmail',
    });
    const rumessage = { ...toSmsDraft(wire), providerId: id('rumessage'), login: 'a', password: 'plain' };
    expect(smsProblems(rumessage)).toEqual({ password: 'md5Required' });
  });

  it('counts a stored secret as given and does not check its mask', () => {
    const draft = toSmsDraft({ ...wire, sms_provider: id('rumessage'), sms_login: 'a', sms_pass: '••••9f0e' });
    expect(smsProblems(draft)).toEqual({});
    expect(smsProblems(toSmsDraft({ ...wire, sms_provider: id('smsru'), sms_apikey: '••••abcd' }))).toEqual({});
  });

  it('sends only the chosen provider fields and only newly typed secrets', () => {
    const draft = toSmsDraft({
      ...wire,
      sms_provider: id('smsru'),
      sms_apikey: '••••abcd',
      sms_login: 'old-login',
      sms_sendername: ' Salon ',
      sms_confirm: true,
    });
    expect(toSmsBody(draft)).toEqual({ sms_provider: id('smsru'), sms_confirm: true, sms_sendername: 'Salon' });
    expect(toSmsBody({ ...draft, apiKey: ' new-key ' }).sms_apikey).toBe('new-key');
    expect(toSmsBody({ ...draft, providerId: 1 })).toEqual({ sms_provider: null, sms_confirm: false });
  });

  it('maps server answers to fields', () => {
    expect(smsServerError('sms_apikey', 'required')).toEqual(['apiKey', 'required']);
    expect(smsServerError('senderName', 'required')).toEqual(['senderName', 'required']);
    expect(smsServerError('', 'SMS_CONFIRM_WITHOUT_PROVIDER')).toEqual(['confirm', 'confirmRequiresProvider']);
    expect(smsServerError('', 'Bad request')).toBeNull();
  });
});
