import { Button, SimpleGrid, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../../shared/i18n/format-date-time';
import { SectionCard } from '../../../../shared/ui/section-card';
import { formatRate } from '../../program-rules';

export interface Terms {
  // Fractions 0…1.
  oneTimeRate: number;
  regularRate: number;
  // A consultant's clients get a discount off their first payment; salons' clients get none.
  discount: number | null;
  bonusDays: number;
  chatUrl: string | null;
  // Money a consultant has earned from first payments so far, already formatted.
  oneTimeEarned?: string;
}

// SPEC 3 Partner terms: consultants earn money, salon partners bonus days of their own subscription.
export function TermsCard({ terms, kind }: { terms: Terms; kind: 'consultant' | 'salon' }) {
  const { t, i18n } = useTranslation('partners');
  const locale = localeOf(i18n.language);
  const fields = [
    { key: 'oneTime', label: t('program.terms.oneTimeRate'), value: formatRate(terms.oneTimeRate, locale) },
    { key: 'regular', label: t('program.terms.regularRate'), value: formatRate(terms.regularRate, locale) },
    ...(terms.discount === null
      ? []
      : [{ key: 'discount', label: t('program.terms.discount'), value: formatRate(terms.discount, locale) }]),
    { key: 'bonusDays', label: t('program.terms.bonusDays'), value: t('common.days', { count: terms.bonusDays }) },
    ...(terms.oneTimeEarned === undefined
      ? []
      : [{ key: 'earned', label: t('program.terms.oneTimeEarned'), value: terms.oneTimeEarned }]),
  ];
  return (
    <SectionCard
      title={t('program.terms.title')}
      description={kind === 'salon' ? t('program.terms.salonNote') : t('program.terms.consultantNote')}
      aside={
        terms.chatUrl ? (
          <Button
            component="a"
            href={terms.chatUrl}
            target="_blank"
            rel="noreferrer"
            variant="light"
            leftSection={<IconBrandTelegram size={16} aria-hidden />}
            data-testid="partner-chat-link"
          >
            {t('program.terms.chat')}
          </Button>
        ) : undefined
      }
      testId="partner-terms"
    >
      <SimpleGrid cols={{ base: 2, sm: fields.length > 4 ? 5 : 4 }} spacing="md">
        {fields.map((field) => (
          <div key={field.key} data-testid={`partner-terms-${field.key}`}>
            <Text size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text size="lg" fw={600}>
              {field.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
