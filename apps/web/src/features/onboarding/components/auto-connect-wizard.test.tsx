import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AutoConnectForm } from '@salon/contract/auto-connect';
import en from '../../../locales/en/onboarding.json';
import ru from '../../../locales/ru/onboarding.json';
import { AutoConnectDone } from './auto-connect-done';
import { AutoConnectWizard } from './auto-connect-wizard';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { ru: { onboarding: ru }, en: { onboarding: en } },
    ns: ['onboarding'],
    defaultNS: 'onboarding',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

const render = (node: ReactElement) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );

const key = { acc_id: '880001', form_hash: 'h', crm_name: 'local' };
const form = (change: Partial<AutoConnectForm> = {}): AutoConnectForm => ({
  ok: true,
  crmName: 'local',
  accId: 880001,
  stepId: 1,
  completed: false,
  branchAccId: null,
  promoCode: null,
  promoCodeData: null,
  salonName: 'Лилия',
  emoji: '🌸',
  emojiList: ['🌸', '💅'],
  salonAddress: '',
  salonPhoneNumber: '',
  ownerPhoneNumber: '',
  ageOfWhatsappAccount: null,
  mainChannel: null,
  linksOnSalon: ['https://a.example', 'https://b.example', 'https://c.example'],
  telegramId: '',
  botLink: null,
  imageSrc: null,
  agreements: null,
  ...change,
});

// The field test ids each step shows (and only that step).
const FIELDS: Record<number, string[]> = {
  1: ['auto-connect-company'],
  2: ['auto-connect-promo-code'],
  3: ['auto-connect-branch-name', 'auto-connect-emoji-🌸'],
  4: ['auto-connect-address', 'auto-connect-salon-phone', 'auto-connect-owner-phone'],
  5: ['auto-connect-wa-age', 'auto-connect-main-channel'],
  6: ['auto-connect-link-0', 'auto-connect-link-2'],
  7: ['auto-connect-telegram-id', 'auto-connect-bot'],
  8: ['auto-connect-agreement-mandatory', 'auto-connect-agreement-optional'],
};

describe('auto-connection wizard', () => {
  it('opens at the form’s step with that step’s fields only, in English', () => {
    for (let step = 1; step <= 8; step++) {
      const html = render(
        <AutoConnectWizard
          formKey={key}
          form={form({
            stepId: step,
            botLink: 'https://t.me/salon_bot?start=autoconnect_880001',
            imageSrc: 'data:image/png;base64,AA',
          })}
        />,
      );
      expect(html).toContain(`data-step="${step}"`);
      expect(html).toContain(`>${en.autoConnect.steps[String(step) as '1'].title}<`);
      for (const [other, ids] of Object.entries(FIELDS)) {
        for (const id of ids) {
          if (Number(other) === step) expect(html, `step ${step}: ${id}`).toContain(`data-testid="${id}"`);
          else expect(html, `step ${step}: ${id}`).not.toContain(`data-testid="${id}"`);
        }
      }
      expect(html).toContain(step === 8 ? en.autoConnect.finish : en.autoConnect.next);
    }
  });

  it('offers no fourth link and keeps the accepted ones', () => {
    const html = render(<AutoConnectWizard formKey={key} form={form({ stepId: 6 })} />);
    expect(html).not.toContain('auto-connect-add-link');
    expect(html).toContain('value="https://c.example"');
  });

  it('ends with the Telegram id to sign in with and the login link', () => {
    const html = render(<AutoConnectDone form={form({ completed: true, branchAccId: 77, telegramId: '700000101' })} />);
    expect(html).toContain('data-acc-id="77"');
    expect(html).toContain('700000101');
    expect(html).toContain('href="/"');
  });
});
