import { useMemo, useState, type ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { ListSkeleton } from '../../../shared/ui/list-skeleton';
import { PageEmptyState } from '../../../shared/ui/page-empty-state';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useLeads } from '../api/get-leads';
import { PromoSelect } from '../components/promo-select';
import { LeadFilters } from '../components/leads/lead-filters';
import { LeadForm } from '../components/leads/lead-form';
import { LeadsTable } from '../components/leads/leads-table';
import { usePromoCode } from '../hooks/use-promo-code';
import { DEFAULT_LEAD_SORT, EMPTY_LEAD_FILTERS, filterLeads, sortLeads, type LeadSort } from '../leads-rules';

// /add_leads "Add leads" (SPEC 2, 3 Leads, 5 leads phone): the add-lead form over the code's leads.
export function LeadsPage({ tabs }: { tabs?: ReactNode }) {
  const { t, i18n } = useTranslation(['partners', 'pages']);
  const { code } = usePromoCode();
  const dates = useDateFormat();
  const leads = useLeads(code);
  const mobile = useIsMobile();
  const [filters, setFilters] = useState(EMPTY_LEAD_FILTERS);
  const [sort, setSort] = useState<LeadSort>(DEFAULT_LEAD_SORT);
  const rows = useMemo(
    () => (leads.data ? sortLeads(filterLeads(leads.data, filters, dates.timeZone), sort, i18n.language) : []),
    [leads.data, filters, dates.timeZone, sort, i18n.language],
  );

  let body: ReactNode;
  if (leads.isPending) body = <ListSkeleton rows={4} height={48} testId="partner-leads-skeleton" />;
  else if (leads.isError) body = <QueryErrorView error={leads.error} onRetry={() => void leads.refetch()} />;
  else if (leads.data.length === 0)
    body = (
      <PageEmptyState
        testId="partner-leads-empty"
        icon={<IconUserPlus aria-hidden />}
        title={t('partners:leads.emptyTitle')}
        description={t('partners:leads.emptyDescription')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <LeadFilters filters={filters} onChange={setFilters} />
        {rows.length === 0 ? (
          <PageEmptyState
            testId="partner-leads-nothing-found"
            icon={<IconUserPlus aria-hidden />}
            title={t('partners:leads.emptyFilteredTitle')}
            description={t('partners:leads.emptyFilteredDescription')}
          />
        ) : (
          <LeadsTable rows={rows} sort={sort} onSort={setSort} mobile={mobile} />
        )}
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageTitle>{t('pages:titles.addLeads')}</PageTitle>
      {tabs}
      <Stack gap="md" data-testid="partner-leads">
        <PromoSelect />
        <LeadForm code={code} />
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            {t('partners:leads.listTitle')}
          </Title>
          {body}
        </Card>
      </Stack>
    </Stack>
  );
}
