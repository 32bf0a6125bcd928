import { Fieldset, MultiSelect, Stack, Switch, TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  RECORDS_COUNT_MAX,
  SUBSCRIPTION_STATUSES,
  type CertificateFilter,
  type SaleCondition,
  type SubscriptionFilter,
  type SubscriptionStatus,
} from '@salon/contract/mailing-segments';
import { useIssueText } from './issue-text';
import { DateRangeField, NumberRangeField } from './range-fields';
import { ReferenceSelect } from './reference-select';
import { TriStateSelect } from './tri-state-select';

interface SaleFieldsProps {
  condition: SaleCondition;
  onChange: (next: SaleCondition) => void;
  issue: (field: string) => string | null;
  testId: string;
}

// Certificate and subscription types have no list among the booking system's lists the cabinet
// reads, so their ids are typed (digits).
const onlyIds = (values: string[]) => [...new Set(values.map((v) => v.replace(/\D/g, '')).filter(Boolean))];

// SPEC 3 sale filters: goods and sale date, certificates, subscriptions.
export function SaleFields({ condition, onChange, issue, testId }: SaleFieldsProps) {
  const { t } = useTranslation('mailing-segments');
  const issueText = useIssueText();
  const certificates: CertificateFilter = condition.certificates ?? {};
  const subscriptions: SubscriptionFilter = condition.subscriptions ?? {};
  const setCertificates = (next: CertificateFilter) => onChange({ ...condition, certificates: next });
  const setSubscriptions = (next: SubscriptionFilter) => onChange({ ...condition, subscriptions: next });
  return (
    <Stack gap="sm">
      <ReferenceSelect
        kind="goods"
        label={t('sale.goods')}
        value={condition.goods}
        onChange={(goods) => onChange({ ...condition, goods })}
        testId={`${testId}-goods`}
      />
      <DateRangeField
        label={t('sale.saleDate')}
        value={condition.saleDate}
        onChange={(saleDate) => onChange({ ...condition, saleDate })}
        error={issueText(issue('saleDate'))}
        testId={`${testId}-sale-date`}
      />

      <Switch
        label={t('sale.certificates')}
        checked={condition.certificates != null}
        onChange={(e) => onChange({ ...condition, certificates: e.currentTarget.checked ? {} : null })}
        data-testid={`${testId}-certificates-on`}
      />
      {condition.certificates != null && (
        <Fieldset variant="filled" p="sm" aria-label={t('sale.certificates')}>
          <Stack gap="sm">
            <TagsInput
              label={t('sale.types')}
              description={t('sale.typesHint')}
              value={certificates.types ?? []}
              onChange={(types) => setCertificates({ ...certificates, types: onlyIds(types) })}
              data-testid={`${testId}-certificate-types`}
            />
            <TriStateSelect
              label={t('sale.used')}
              value={certificates.used}
              onChange={(used) => setCertificates({ ...certificates, used })}
              yes={t('sale.usedYes')}
              no={t('sale.usedNo')}
              testId={`${testId}-certificate-used`}
            />
            <NumberRangeField
              label={t('sale.balance')}
              value={certificates.balance}
              onChange={(balance) => setCertificates({ ...certificates, balance })}
              integer={false}
              error={issueText(issue('certificates'))}
              testId={`${testId}-certificate-balance`}
            />
            <DateRangeField
              label={t('sale.expiry')}
              value={certificates.expiry}
              onChange={(expiry) => setCertificates({ ...certificates, expiry })}
              testId={`${testId}-certificate-expiry`}
            />
            <DateRangeField
              label={t('sale.certificateSaleDate')}
              value={certificates.saleDate}
              onChange={(saleDate) => setCertificates({ ...certificates, saleDate })}
              testId={`${testId}-certificate-sale-date`}
            />
          </Stack>
        </Fieldset>
      )}

      <Switch
        label={t('sale.subscriptions')}
        checked={condition.subscriptions != null}
        onChange={(e) => onChange({ ...condition, subscriptions: e.currentTarget.checked ? {} : null })}
        data-testid={`${testId}-subscriptions-on`}
      />
      {condition.subscriptions != null && (
        <Fieldset variant="filled" p="sm" aria-label={t('sale.subscriptions')}>
          <Stack gap="sm">
            <TagsInput
              label={t('sale.types')}
              description={t('sale.typesHint')}
              value={subscriptions.types ?? []}
              onChange={(types) => setSubscriptions({ ...subscriptions, types: onlyIds(types) })}
              data-testid={`${testId}-subscription-types`}
            />
            <TriStateSelect
              label={t('sale.used')}
              value={subscriptions.used}
              onChange={(used) => setSubscriptions({ ...subscriptions, used })}
              yes={t('sale.usedYes')}
              no={t('sale.usedNo')}
              testId={`${testId}-subscription-used`}
            />
            <MultiSelect
              label={t('sale.statuses')}
              data={SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: t(`sale.status.${status}`) }))}
              value={[...(subscriptions.statuses ?? [])]}
              onChange={(statuses) =>
                setSubscriptions({ ...subscriptions, statuses: statuses as SubscriptionStatus[] })
              }
              placeholder={(subscriptions.statuses ?? []).length === 0 ? t('any') : undefined}
              comboboxProps={{ withinPortal: true }}
              data-testid={`${testId}-subscription-statuses`}
            />
            <TriStateSelect
              label={t('sale.frozen')}
              value={subscriptions.frozen}
              onChange={(frozen) => setSubscriptions({ ...subscriptions, frozen })}
              yes={t('sale.frozenYes')}
              no={t('sale.frozenNo')}
              testId={`${testId}-subscription-frozen`}
            />
            <DateRangeField
              label={t('sale.expiry')}
              value={subscriptions.expiry}
              onChange={(expiry) => setSubscriptions({ ...subscriptions, expiry })}
              testId={`${testId}-subscription-expiry`}
            />
            <NumberRangeField
              label={t('sale.remainingServices')}
              value={subscriptions.remainingServices}
              onChange={(remainingServices) => setSubscriptions({ ...subscriptions, remainingServices })}
              max={RECORDS_COUNT_MAX}
              error={issueText(issue('subscriptions'))}
              testId={`${testId}-subscription-remaining`}
            />
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}
