import { Badge, Card, Group, SimpleGrid, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { durationParts, formatZoned } from '../mailing-time-rules';
import type { ConsentChoice } from '../recipients-rules';

interface ParsedInfoCardProps {
  parsed: ParsedClientFile;
  fileName: string | null;
  consent: ConsentChoice;
  count: number;
  timeZone: string;
  onConsent: (choice: Partial<ConsentChoice>) => void;
  onInsertKey: (key: string) => void;
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

// SPEC 3 Parsed client file as read: who gets the mailing (with the consent toggles of SPEC 4), the
// list's report, its keys, the medians and the plan (duration, send days, allowed start).
export function ParsedInfoCard({
  parsed,
  fileName,
  consent,
  count,
  timeZone,
  onConsent,
  onInsertKey,
}: ParsedInfoCardProps) {
  const { t, i18n } = useTranslation('mailing');
  const locale = localeOf(i18n.language);
  const number = (value: number) => value.toLocaleString(locale);
  const duration = durationParts(parsed.duration);
  const none = t('parsed.none');

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="mailing-parsed">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {t('parsed.title')}
            </Title>
            {fileName && (
              <Text size="sm" c="dimmed">
                {fileName}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('parsed.recipients')}
            </Text>
            <Text fz={28} fw={700} lh={1.1} data-testid="mailing-parsed-count" aria-live="polite">
              {number(count)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('parsed.ofList', { count: parsed.count, total: number(parsed.count) })}
            </Text>
          </Stack>
        </Group>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('parsed.consentTitle')}
          </Text>
          <Switch
            checked={consent.consentTrue}
            onChange={(event) => onConsent({ consentTrue: event.currentTarget.checked })}
            label={t('parsed.consentTrue', { count: parsed.consent.consent_count })}
            data-testid="mailing-consent-true"
          />
          <Switch
            checked={consent.consentNeutral}
            onChange={(event) => onConsent({ consentNeutral: event.currentTarget.checked })}
            label={t('parsed.consentNeutral', {
              count: parsed.consent.neutral_count + parsed.consent.active_count,
            })}
            data-testid="mailing-consent-neutral"
          />
          <Text size="xs" c="dimmed">
            {t('parsed.declined', { count: parsed.consent.declined_count })}
          </Text>
          {count === 0 && (
            <Text size="sm" c="red.7" data-testid="mailing-no-recipients">
              {t('parsed.noRecipients')}
            </Text>
          )}
        </Stack>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('parsed.reportTitle')}
          </Text>
          <Group gap="xs" data-testid="mailing-parsed-report">
            <Badge tt="none" variant="light" color="gray">
              {t('parsed.report.rows', { count: parsed.report.rows })}
            </Badge>
            <Badge tt="none" variant="light" color={parsed.report.duplicates > 0 ? 'yellow' : 'gray'}>
              {t('parsed.report.duplicates', { count: parsed.report.duplicates })}
            </Badge>
            <Badge tt="none" variant="light" color={parsed.report.blacklisted > 0 ? 'yellow' : 'gray'}>
              {t('parsed.report.blacklisted', { count: parsed.report.blacklisted })}
            </Badge>
            <Badge tt="none" variant="light" color={parsed.report.invalid > 0 ? 'red' : 'gray'}>
              {t('parsed.report.invalid', { count: parsed.report.invalid })}
            </Badge>
          </Group>
        </Stack>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('parsed.keysTitle')}
          </Text>
          <Group gap={6}>
            {parsed.keys.map((key) => (
              <UnstyledButton
                key={key}
                onClick={() => onInsertKey(key)}
                aria-label={t('parsed.insertKey', { key })}
                data-testid={`mailing-parsed-key-${key}`}
              >
                <Badge
                  tt="none"
                  variant="outline"
                  leftSection={<IconBraces size={12} aria-hidden />}
                  style={{ cursor: 'pointer' }}
                >
                  {key}
                </Badge>
              </UnstyledButton>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('parsed.keysHint')}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
          <Figure
            label={t('parsed.visitsMedian')}
            value={parsed.visits_median === null ? none : number(parsed.visits_median)}
          />
          <Figure
            label={t('parsed.lastVisitMedian')}
            value={
              parsed.last_visit_time_median === null
                ? none
                : t('parsed.days', { count: Math.round(parsed.last_visit_time_median) })
            }
          />
          <Figure label={t('parsed.withoutRecords')} value={number(parsed.clients_without_records)} />
          <Figure
            label={t('parsed.duration')}
            value={
              duration.days > 0
                ? t('parsed.durationDays', duration)
                : t('parsed.durationHours', { hours: duration.hours, minutes: duration.minutes })
            }
          />
          <Figure label={t('parsed.sendDays')} value={number(parsed.send_days)} testId="mailing-parsed-send-days" />
          <Figure label={t('parsed.dailyLimit')} value={number(parsed.sendout_batch_len)} />
          <Figure
            label={t('parsed.allowedStart')}
            value={parsed.allowed_start ? formatZoned(parsed.allowed_start, timeZone, locale) : t('parsed.noStart')}
            testId="mailing-parsed-allowed-start"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
