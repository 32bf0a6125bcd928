import { describe, expect, it } from 'vitest';
import {
  INITIAL_SEND_OUT_FORM,
  fieldErrors,
  fieldOfStatus,
  isTelegramLink,
  promoCodeOf,
  toSendOutBody,
  type SendOutFormState,
} from './send-out-form-rules';

const filled: SendOutFormState = {
  ...INITIAL_SEND_OUT_FORM,
  ownerPhone: '79991112233',
  salonPhone: '79994445566',
  waAge: 'over_year',
  telegramId: '700000001',
  mandatoryAgreement: true,
};

describe('send-out form rules', () => {
  it('starts at UTC+3 with nothing else chosen and every field reported empty', () => {
    expect(INITIAL_SEND_OUT_FORM.utcOffset).toBe(3);
    expect(fieldErrors(INITIAL_SEND_OUT_FORM)).toEqual({
      ownerPhone: 'owner_phone_empty',
      salonPhone: 'salon_phone_empty',
      waAge: 'wa_age_empty',
      telegramId: 'telegram_id_empty',
      agreement: 'agreement_required',
    });
  });

  it('reports an incomplete phone and an id with a leading zero', () => {
    expect(fieldErrors({ ...filled, salonPhone: '7999', telegramId: '01234' })).toEqual({
      salonPhone: 'salon_phone_invalid',
      telegramId: 'telegram_id_invalid',
    });
    expect(fieldErrors({ ...filled, utcOffset: null })).toEqual({ timeZone: 'time_zone_empty' });
    expect(fieldErrors(filled)).toEqual({});
  });

  it('sends the offset to Moscow and the agreements under their wire names', () => {
    const body = toSendOutBody({ ...filled, utcOffset: -5, optionalAgreement: true }, 'VOLKOV', 'https://x/y');
    expect(body).toEqual({
      owner_phone: '79991112233',
      salon_phone: '79994445566',
      telegram_id: '700000001',
      wa_life_time: 'over_year',
      time_to_msk: -8,
      acc_id: null,
      form_url: 'https://x/y',
      agreements: { mandatory_agreement: true, optional_agreement: true },
      promo_code: 'VOLKOV',
    });
    expect(toSendOutBody(filled, null, '')).not.toHaveProperty('promo_code');
  });

  it('reads the promo code of the link in any case and drops a malformed one', () => {
    expect(promoCodeOf(' volkov ')).toBe('VOLKOV');
    expect(promoCodeOf('no code!')).toBeNull();
    expect(promoCodeOf(null)).toBeNull();
  });

  it('puts a server refusal under its field', () => {
    expect(fieldOfStatus('salon_phone_invalid')).toBe('salonPhone');
    expect(fieldOfStatus('agreement_required')).toBe('agreement');
    expect(fieldOfStatus('promo_code_unknown')).toBeNull();
  });

  it('tells a Telegram link from the login page', () => {
    expect(isTelegramLink('https://t.me/salon_bot?start=sendout_5')).toBe(true);
    expect(isTelegramLink('http://127.0.0.1:3999/')).toBe(false);
  });
});
