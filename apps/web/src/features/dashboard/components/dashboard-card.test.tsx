import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/dashboard.json';
import ru from '../../../locales/ru/dashboard.json';
import type { DashboardFormat } from '../use-dashboard-format';
import { BotEarnedCard } from './bot-earned-card';
import { DashboardCard } from './dashboard-card';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'ru',
    resources: { ru: { dashboard: ru }, en: { dashboard: en } },
    ns: ['dashboard'],
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

const render = (node: ReactElement) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  );

const format: DashboardFormat = {
  number: (v) => String(v),
  percent: (v) => `${v}%`,
  money: (v, currency) => `${v} ${currency ?? 'RUB'}`,
  day: (v) => v,
  dateTime: (v) => v,
  phone: (v) => v,
};

describe('dashboard card', () => {
  it('shows its own skeleton while its call runs', () => {
    const html = render(
      <DashboardCard title="Отзывы" testId="card" state={{ status: 'loading' }} skeletonRows={2}>
        {() => 'figures'}
      </DashboardCard>,
    );
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('data-testid="card-loading"');
    expect(html).not.toContain('figures');
  });

  it('shows "no data" after a failed call, the figures after a good one', () => {
    const empty = render(
      <DashboardCard<number> title="Отзывы" testId="card" state={{ status: 'ok', data: null }}>
        {(n) => `figure ${n}`}
      </DashboardCard>,
    );
    expect(empty).toContain('data-state="empty"');
    expect(empty).toContain('Нет данных');
    const ok = render(
      <DashboardCard<number> title="Отзывы" testId="card" state={{ status: 'ok', data: 7 }}>
        {(n) => `figure ${n}`}
      </DashboardCard>,
    );
    expect(ok).toContain('data-state="ok"');
    expect(ok).toContain('figure 7');
  });

  it('words the bot-earned progress as "earned X of the next milestone"', () => {
    const html = render(
      <BotEarnedCard state={{ status: 'ok', data: { amount: 150_000, currency: 'RUB' } }} format={format} />,
    );
    expect(html).toContain('Заработано 150000 RUB из 300000 RUB');
    expect(html).toContain('data-value="25"');
  });
});
