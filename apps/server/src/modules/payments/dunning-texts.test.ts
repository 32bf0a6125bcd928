import { describe, expect, it } from 'vitest';
import { dunningTexts, type ChargeFacts } from './dunning-texts.js';

const charge: ChargeFacts = { amount: 3970, currency: 'RUB', last4: '4242', modules: ['WA', 'loyalty'], months: 1 };

describe('dunning texts', () => {
  it('speak English to an owner who chose it, with the dates and the card', () => {
    const t = dunningTexts('en');
    // Intl puts a no-break space between the currency and the amount.
    expect(t.autopayWarning(charge, '2026-04-07', '2026-04-10').replace(/\u00a0/g, ' ')).toBe(
      '💳 Autopay: on 7 April 2026 we will charge RUB 3,970 from the card •• 4242 for WhatsApp, Invite a friend, 1 mo. ' +
        'Paid till 10 April 2026.',
    );
    expect(t.autopayFailed(charge, 'card_expired', null, '2026-04-13')).toContain(
      'There will be no more tries. Pay in the cabinet by 13 April 2026',
    );
    expect(t.off(['WA', 'TG'])).toContain('WhatsApp, Telegram switched off');
  });

  it('speak Russian otherwise', () => {
    const t = dunningTexts('ru');
    expect(t.autopayFailed(charge, 'card_expired', '2026-04-09', '2026-04-13')).toMatch(
      /^⚠️ Автоплатёж не прошёл: списание 3\s970\s₽ с карты •• 4242 отклонено \(срок действия карты истёк\)\. Следующая попытка — 9 апреля 2026\. /,
    );
    expect(dunningTexts('de').reminder(['TG'], '2026-04-10')).toContain('Telegram: оплачено до 10 апреля 2026. ');
    // An unknown decline code is not shown to the owner as is.
    expect(t.autopayFailed(charge, 'some_new_code', null, '2026-04-13')).toContain('(банк отклонил списание)');
  });
});
