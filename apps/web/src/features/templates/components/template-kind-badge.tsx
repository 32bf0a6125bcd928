import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TemplateCategory } from '@salon/contract/templates-rules';

const COLORS: Record<TemplateCategory, string> = {
  before_start: 'blue',
  after_end: 'teal',
  after_deletion: 'gray',
  all_day_recs_notifications: 'indigo',
  event: 'violet',
  consent: 'orange',
  happy_birthday: 'pink',
};

// The template's category as a coloured badge.
export function TemplateKindBadge({ category }: { category: TemplateCategory }) {
  const { t } = useTranslation('templates');
  return (
    <Badge variant="light" color={COLORS[category]} size="sm" radius="sm" data-testid="template-kind">
      {t(`category.${category}`)}
    </Badge>
  );
}
