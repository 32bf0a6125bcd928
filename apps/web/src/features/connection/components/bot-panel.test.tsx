import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BotStateWire } from '@salon/contract/connection';
import en from '../../../locales/en/connection.json';
import { BotPanel } from './bot-panel';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { connection: en } },
    ns: ['connection'],
    defaultNS: 'connection',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

const state = (change: Partial<BotStateWire> = {}): BotStateWire => ({
  status: 'not_authenticated',
  phone: null,
  reason: null,
  paused_until: null,
  pause_reason: null,
  qr: null,
  qr_expires_at: null,
  sent_today: 0,
  daily_cap: null,
  bot_link: null,
  linked_clients: 0,
  ...change,
});

const render = (channel: 'TGB' | 'MAX', wire: BotStateWire) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <MemoryRouter>
            <BotPanel channel={channel} state={wire} onOtherChannel={() => undefined} />
          </MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );

describe('BotPanel', () => {
  it('asks a bot that is not connected for its token, with the how-to and the invite variable', () => {
    const html = render('MAX', state());
    expect(html).toContain('data-testid="bot-token-input-MAX"');
    expect(html).toContain('type="password"');
    expect(html).toContain('data-testid="bot-connect-MAX"');
    expect(html).toContain('business.max.ru');
    expect(html).toContain('{max_link}');
    expect(html).toContain('data-state="noConnect"');
    // Nothing of a connected bot yet.
    expect(html).not.toContain('bot-linked-MAX');
    expect(html).not.toContain('bot-disconnect-MAX');
    expect(html).not.toContain('test-message-send-MAX');
  });

  it('says why a bot whose token was revoked wants a new one', () => {
    const html = render('TGB', state({ reason: 'token_revoked' }));
    expect(html).toContain('The bot’s token stopped working');
    expect(html).toContain('@BotFather');
    expect(html).toContain('{tg_bot_link}');
  });

  it('shows a connected bot: its @username, link, linked clients, pinned test box and Disconnect', () => {
    const html = render(
      'TGB',
      state({
        status: 'authenticated',
        phone: 'barhat_salon_bot',
        bot_link: 'https://t.me/barhat_salon_bot',
        linked_clients: 12,
      }),
    );
    expect(html).toContain('data-state="authenticated"');
    expect(html).toContain('@barhat_salon_bot');
    expect(html).toMatch(/data-testid="bot-link-TGB"[^>]*>https:\/\/t\.me\/barhat_salon_bot</);
    expect(html).toMatch(/data-testid="bot-linked-TGB" data-count="12"/);
    expect(html).toContain('data-testid="bot-disconnect-TGB"');
    expect(html).toContain('data-testid="test-message-send-TGB"');
    expect(html).not.toContain('bot-token-input-TGB');
  });
});
