import { describe, expect, it } from 'vitest';
import {
  AUTO_CONNECT_STATUS,
  nextAutoConnectStep,
  previousAutoConnectStep,
  type AutoConnectForm,
} from '@salon/contract/auto-connect';
import { ONBOARDING_STATUS } from '@salon/contract/onboarding';
import {
  addLink,
  canAddLink,
  removeLink,
  requestBody,
  requestDefaults,
  stateOfForm,
  stepBody,
  stepErrorText,
  stepErrors,
  wizardPath,
  wizardQueryOf,
} from './auto-connect-rules';

const form: AutoConnectForm = {
  ok: true,
  crmName: 'local',
  accId: 880001,
  stepId: 1,
  completed: false,
  branchAccId: null,
  promoCode: null,
  promoCodeData: null,
  salonName: '',
  emoji: null,
  emojiList: ['🌸', '💅'],
  salonAddress: '',
  salonPhoneNumber: '',
  ownerPhoneNumber: '',
  ageOfWhatsappAccount: null,
  mainChannel: null,
  linksOnSalon: [],
  telegramId: '',
  botLink: null,
  imageSrc: null,
  agreements: null,
};
const empty = stateOfForm(form);

describe('auto-connection steps', () => {
  it('goes 1 → 2 → 3, and 1 → 3 (and back 3 → 1) when the form has a promo code', () => {
    expect(nextAutoConnectStep(1, false)).toBe(2);
    expect(nextAutoConnectStep(1, true)).toBe(3);
    expect(nextAutoConnectStep(7, true)).toBe(8);
    expect(nextAutoConnectStep(8, false)).toBe(8);
    expect(previousAutoConnectStep(3, true)).toBe(1);
    expect(previousAutoConnectStep(3, false)).toBe(2);
    expect(previousAutoConnectStep(1, false)).toBe(1);
  });

  it('checks only the step’s own fields', () => {
    expect(stepErrors(1, empty)).toEqual({});
    expect(stepErrors(2, empty)).toEqual({});
    expect(stepErrors(3, empty)).toEqual({
      branchName: AUTO_CONNECT_STATUS.branchNameEmpty,
      emoji: AUTO_CONNECT_STATUS.emojiInvalid,
    });
    expect(stepErrors(4, { ...empty, address: 'Тверская 1', salonPhone: '7999', ownerPhone: '79991112233' })).toEqual({
      salonPhone: ONBOARDING_STATUS.salonPhoneInvalid,
    });
    expect(stepErrors(5, empty)).toEqual({ waAge: ONBOARDING_STATUS.waAgeEmpty });
    expect(stepErrors(6, empty)).toEqual({});
    expect(stepErrors(6, { ...empty, links: ['lilia.example'] })).toEqual({ links: AUTO_CONNECT_STATUS.linkInvalid });
    expect(
      stepErrors(6, { ...empty, links: ['https://a.ru', 'https://b.ru', 'https://c.ru', 'https://d.ru'] }),
    ).toEqual({ links: AUTO_CONNECT_STATUS.linksTooMany });
    expect(stepErrors(7, { ...empty, telegramId: '0123456' })).toEqual({
      telegramId: ONBOARDING_STATUS.telegramIdInvalid,
    });
    expect(stepErrors(8, empty)).toEqual({ agreement: ONBOARDING_STATUS.agreementRequired });
    expect(stepErrors(8, { ...empty, mandatoryAgreement: true })).toEqual({});
  });

  it('sends the step’s fields under the SPEC 7 names, agreements only at step 8', () => {
    const state = {
      ...empty,
      branchName: ' Лилия ',
      emoji: '🌸',
      links: [' https://a.ru ', '', 'https://b.ru'],
      mandatoryAgreement: true,
    };
    expect(stepBody(1, state, form)).toEqual({ crm_name: 'local', form_step: 1 });
    expect(stepBody(3, state, form)).toEqual({
      crm_name: 'local',
      form_step: 3,
      branch_name: 'Лилия',
      emoji: '🌸',
      emoji_list: ['🌸', '💅'],
    });
    expect(stepBody(6, state, form)).toMatchObject({ main_url: 'https://a.ru', other_urls: ['https://b.ru'] });
    for (const step of [1, 2, 3, 4, 5, 6, 7] as const)
      expect(stepBody(step, state, form)).not.toHaveProperty('agreements');
    expect(stepBody(8, state, form)).toMatchObject({
      agreements: { mandatory_agreement: true, optional_agreement: false },
    });
  });

  it('keeps at most 3 link inputs and at least one', () => {
    const three = addLink(addLink(['']));
    expect(three).toHaveLength(3);
    expect(canAddLink(three)).toBe(false);
    expect(addLink(three)).toHaveLength(3);
    expect(removeLink(['x'], 0)).toEqual(['']);
  });

  it('fills the steps from what the server accepted', () => {
    const state = stateOfForm({ ...form, linksOnSalon: ['https://a.ru'], salonName: 'Лилия', telegramId: '700000101' });
    expect(state).toMatchObject({
      links: ['https://a.ru'],
      branchName: 'Лилия',
      telegramId: '700000101',
      mainChannel: 'wa',
    });
  });

  it('names a refusal by its code, else shows the server’s own text', () => {
    const known = (key: string) => key === 'autoConnect.errors.auto_connect_links_too_many';
    const translate = (key: string) => `T:${key}`;
    expect(stepErrorText('auto_connect_links_too_many', undefined, known, translate)).toBe(
      'T:autoConnect.errors.auto_connect_links_too_many',
    );
    expect(stepErrorText('Что-то пошло не так', undefined, known, translate)).toBe('Что-то пошло не так');
    expect(stepErrorText('weird_code', 'The raw text', known, translate)).toBe('The raw text');
  });

  it('reads the link’s key and the request page’s defaults', () => {
    expect(wizardQueryOf(new URLSearchParams('acc_id=5&form_hash=abc&crm_name=local'))).toEqual({
      acc_id: '5',
      form_hash: 'abc',
      crm_name: 'local',
    });
    expect(wizardQueryOf(new URLSearchParams('acc_id=x&form_hash=abc&crm_name=local'))).toBeNull();
    expect(wizardQueryOf(new URLSearchParams('acc_id=5&crm_name=local'))).toBeNull();
    expect(wizardPath('https://cabinet.example/auto_connect?acc_id=5&form_hash=h&crm_name=local')).toBe(
      '/auto_connect?acc_id=5&form_hash=h&crm_name=local',
    );
    expect(requestDefaults(new URLSearchParams('salon_id=123456'))).toEqual({
      crmName: 'yclients',
      companyId: '123456',
    });
    expect(requestDefaults(new URLSearchParams('crm_name=local'))).toEqual({ crmName: 'local', companyId: '' });
    expect(requestBody('local', ' 42 ', 'VOLKOV')).toEqual({
      crm_name: 'local',
      company_id: '42',
      promo_code: 'VOLKOV',
    });
    expect(requestBody('local', '42', null)).toEqual({ crm_name: 'local', company_id: '42' });
  });
});
