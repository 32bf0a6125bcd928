import { useQuery } from '@tanstack/react-query';
import {
  dashboardActivity,
  dashboardBotClients,
  dashboardBotEarned,
  dashboardConnected,
  dashboardLoyalty,
  dashboardReview,
  dashboardSendouts,
  dashboardTariff,
  dashboardTemplates,
} from '@salon/contract/dashboard';
import { api } from '../../../shared/api/api';
import type { ApiRequest } from '../../../shared/api/api-client';
import { periodQuery, type DayRange } from '../dashboard-period';

// Every card of a branch sits under ['dashboard', accId]: a branch switch never shows another
// branch's figures, and one card's failure never holds the others (SPEC 7: a call per card).
export const dashboardKeys = {
  all: (accId: number | null) => ['dashboard', accId] as const,
  card: (accId: number | null, card: string, period: DayRange | null) => ['dashboard', accId, card, period] as const,
};

// The period a card is asked for: null is SPEC 9's default (2020-01-01 … today), sent as no dates
// so that the server's today (its clock, the branch's zone) ends it; 'none' for the calls without one.
export type CardPeriod = DayRange | null;

interface CardCall<T> {
  card: string;
  path: string;
  schema: ApiRequest<T>['schema'];
  period: CardPeriod | 'none';
  // POST /dashboard/bot_earned takes its period in the body.
  method?: 'GET' | 'POST';
  enabled?: boolean;
}

// Where a card's period goes on the wire: the query of a GET, the body of the POST.
export function periodPart(
  period: CardPeriod | 'none',
  method: 'GET' | 'POST' = 'GET',
): { query: Record<string, string> } | { method: 'POST'; body: Record<string, string> } {
  const dates = period && period !== 'none' ? periodQuery(period) : {};
  return method === 'POST' ? { method: 'POST', body: dates } : { query: dates };
}

function useCardQuery<T>(accId: number | null, call: CardCall<T>) {
  return useQuery({
    queryKey: dashboardKeys.card(accId, call.card, call.period === 'none' ? null : call.period),
    queryFn: ({ signal }) =>
      api.request({
        path: call.path,
        schema: call.schema,
        signal,
        ...periodPart(call.period, call.method),
      }),
    enabled: accId !== null && (call.enabled ?? true),
  });
}

// GET /dashboard/tariff_and_channels (SPEC 3 Tariff).
export const useDashboardTariff = (accId: number | null) =>
  useCardQuery(accId, {
    card: 'tariff',
    path: '/dashboard/tariff_and_channels',
    schema: dashboardTariff,
    period: 'none',
  });

// GET /dashboard/bot_clients: the bookings our messages brought.
export const useDashboardBotClients = (accId: number | null, period: CardPeriod) =>
  useCardQuery(accId, { card: 'bot-clients', path: '/dashboard/bot_clients', schema: dashboardBotClients, period });

// GET /dashboard/review (hidden for send-out accounts, SPEC 6).
export const useDashboardReview = (accId: number | null, period: CardPeriod, enabled: boolean) =>
  useCardQuery(accId, { card: 'review', path: '/dashboard/review', schema: dashboardReview, period, enabled });

// GET /dashboard/connected: who pressed Start in the admin bot.
export const useDashboardConnected = (accId: number | null) =>
  useCardQuery(accId, { card: 'connected', path: '/dashboard/connected', schema: dashboardConnected, period: 'none' });

// GET /dashboard/loyalty (hidden for send-out accounts, SPEC 6).
export const useDashboardLoyalty = (accId: number | null, period: CardPeriod, enabled: boolean) =>
  useCardQuery(accId, { card: 'loyalty', path: '/dashboard/loyalty', schema: dashboardLoyalty, period, enabled });

// GET /dashboard/templates (hidden for send-out accounts, SPEC 6).
export const useDashboardTemplates = (accId: number | null, period: CardPeriod, enabled: boolean) =>
  useCardQuery(accId, {
    card: 'templates',
    path: '/dashboard/templates',
    schema: dashboardTemplates,
    period,
    enabled,
  });

// GET /dashboard/sendout_data.
export const useDashboardSendouts = (accId: number | null, period: CardPeriod) =>
  useCardQuery(accId, { card: 'sendouts', path: '/dashboard/sendout_data', schema: dashboardSendouts, period });

// POST /dashboard/bot_earned {date_start, date_end}.
export const useDashboardBotEarned = (accId: number | null, period: CardPeriod) =>
  useCardQuery(accId, {
    card: 'bot-earned',
    path: '/dashboard/bot_earned',
    schema: dashboardBotEarned,
    period,
    method: 'POST',
  });

// GET /dashboard/activity: the chart's messages and bookings per day or month.
export const useDashboardActivity = (accId: number | null, period: CardPeriod) =>
  useCardQuery(accId, { card: 'activity', path: '/dashboard/activity', schema: dashboardActivity, period });
