import { useState } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_DEFAULT_START } from '@salon/contract/dashboard-rules';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { zonedDayKey } from '../../../shared/lib/datetime';
import { useNow } from '../../../shared/lib/use-now';
import { useSession } from '../../../shared/session/use-session';
import { AccessDeniedPage } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import {
  useDashboardActivity,
  useDashboardBotClients,
  useDashboardBotEarned,
  useDashboardConnected,
  useDashboardLoyalty,
  useDashboardReview,
  useDashboardSendouts,
  useDashboardTariff,
  useDashboardTemplates,
} from '../api/dashboard-queries';
import { cardState, isPageDenied } from '../card-state';
import { ActivityCard } from '../components/activity-card';
import { BotClientsCard } from '../components/bot-clients-card';
import { BotEarnedCard } from '../components/bot-earned-card';
import { ConnectedCard, LoyaltyCard, ReviewsCard } from '../components/metric-cards';
import { PeriodFilter } from '../components/period-filter';
import { SendoutsCard } from '../components/sendouts-card';
import { TariffCard } from '../components/tariff-card';
import { TemplatesCard } from '../components/templates-card';
import { defaultPeriod, isDefaultPeriod, type DayRange } from '../dashboard-period';
import { useDashboardFormat } from '../use-dashboard-format';

// 1 column on a phone, 2 on a tablet, 3 on a desktop (SPEC 2 layout).
const THIRD = { base: 12, md: 6, lg: 4 } as const;
const TWO_THIRDS = { base: 12, lg: 8 } as const;

// /main: the page every member lands on (SPEC 2, 3, 4, 9). Each card is its own call with its own
// skeleton; access denied on any card denies the page, another failure empties that card only.
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'pages']);
  const { accId } = useSession();
  const branch = useCurrentBranch();
  const format = useDashboardFormat(branch?.currency ?? 'RUB');
  // The branch's today, re-read every minute: "all time" ends today on the branch's calendar.
  const now = useNow(60_000);
  const today = zonedDayKey(now, branch?.timeZone) ?? DASHBOARD_DEFAULT_START;
  // The chosen period belongs to the branch it was chosen on; another branch starts at all time.
  const [chosen, setChosen] = useState<{ accId: number | null; period: DayRange } | null>(null);
  const picked = chosen && chosen.accId === accId ? chosen.period : null;
  const shown = picked ?? defaultPeriod(today);
  // All time is asked for without dates: the server ends it on its own today (SPEC 9).
  const period = picked && !isDefaultPeriod(picked, today) ? picked : null;
  // SPEC 6: send-out accounts have no templates, reviews or loyalty.
  const full = branch !== null && !branch.sendOutAccount;

  const tariff = useDashboardTariff(accId);
  const botEarned = useDashboardBotEarned(accId, period);
  const connected = useDashboardConnected(accId);
  const activity = useDashboardActivity(accId, period);
  const botClients = useDashboardBotClients(accId, period);
  const sendouts = useDashboardSendouts(accId, period);
  const templates = useDashboardTemplates(accId, period, full);
  const reviews = useDashboardReview(accId, period, full);
  const loyalty = useDashboardLoyalty(accId, period, full);

  const title = <PageTitle>{t('pages:titles.main')}</PageTitle>;
  const errors = [tariff, botEarned, connected, activity, botClients, sendouts, templates, reviews, loyalty].map(
    (query) => query.error,
  );
  if (isPageDenied(errors)) return <AccessDeniedPage header={title} />;

  return (
    <Stack gap="md" data-testid="dashboard" style={{ minWidth: 0 }}>
      <PageTitle
        aside={<PeriodFilter period={shown} today={today} onChange={(p) => setChosen({ accId, period: p })} />}
      >
        {t('pages:titles.main')}
      </PageTitle>
      <Grid gap="md" data-testid="dashboard-grid">
        <Grid.Col span={THIRD}>
          <TariffCard state={cardState(tariff)} format={format} accId={accId} />
        </Grid.Col>
        <Grid.Col span={THIRD}>
          <BotEarnedCard state={cardState(botEarned)} format={format} />
        </Grid.Col>
        <Grid.Col span={THIRD}>
          <ConnectedCard state={cardState(connected)} />
        </Grid.Col>
        <Grid.Col span={12}>
          <ActivityCard state={cardState(activity)} format={format} />
        </Grid.Col>
        <Grid.Col span={TWO_THIRDS}>
          <BotClientsCard state={cardState(botClients)} format={format} />
        </Grid.Col>
        {full && (
          <Grid.Col span={THIRD}>
            <ReviewsCard state={cardState(reviews)} format={format} />
          </Grid.Col>
        )}
        {full && (
          <Grid.Col span={THIRD}>
            <TemplatesCard state={cardState(templates)} format={format} />
          </Grid.Col>
        )}
        <Grid.Col span={THIRD}>
          <SendoutsCard state={cardState(sendouts)} format={format} accId={accId} />
        </Grid.Col>
        {full && (
          <Grid.Col span={THIRD}>
            <LoyaltyCard state={cardState(loyalty)} format={format} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
