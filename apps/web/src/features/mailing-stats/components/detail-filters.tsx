import { useState } from 'react';
import { Button, Chip, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DETAIL_STATUSES,
  REACTION_FILTERS,
  type DetailStatus,
  type ReactionFilter,
  type StatusFilter,
} from '@salon/contract/mailing-stats-rules';
import {
  PHONE_SEARCH_MAX,
  allSelected,
  clearStatuses,
  noneSelected,
  sanitizePhoneSearch,
  selectAllStatuses,
  toggleStatus,
} from '../detail-filter-rules';

export const STATUS_COLORS: Record<DetailStatus, string> = {
  sent: 'blue',
  read: 'indigo',
  answered: 'violet',
  recorded: 'teal',
  pending: 'gray',
};

// Chips in the order a message goes through.
const CHIP_ORDER: readonly DetailStatus[] = ['pending', 'sent', 'read', 'answered', 'recorded'];

interface DetailFiltersProps {
  reaction: ReactionFilter;
  statuses: StatusFilter;
  counts: Record<DetailStatus, number> | null;
  phone: string;
  onReaction: (reaction: ReactionFilter) => void;
  onStatuses: (statuses: StatusFilter) => void;
  onPhone: (phone: string) => void;
  compact: boolean;
}

const isReaction = (value: string): value is ReactionFilter => (REACTION_FILTERS as readonly string[]).includes(value);

// SPEC 4 detail filters: the reaction (all, not replied, answered, recorded), the per-message status
// chips ('all' selects everything, clearing clears all) and the phone search.
export function DetailFilters(props: DetailFiltersProps) {
  const { reaction, statuses, counts, phone, onReaction, onStatuses, onPhone, compact } = props;
  const { t } = useTranslation('mailing-stats');
  const all = allSelected(statuses);
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="detail-reaction-label">
          {t('detail.reaction.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="detail-reaction-label"
          data={REACTION_FILTERS.map((value) => ({ value, label: t(`detail.reaction.${value}`) }))}
          value={reaction}
          onChange={(value) => isReaction(value) && onReaction(value)}
          orientation={compact ? 'vertical' : 'horizontal'}
          fullWidth={compact}
          style={{ alignSelf: compact ? 'stretch' : 'flex-start' }}
          data-testid="detail-reaction"
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="detail-status-label">
          {t('detail.statuses.label')}
        </Text>
        <Group gap={6} role="group" aria-labelledby="detail-status-label" data-testid="detail-statuses">
          <Chip
            checked={all}
            onChange={() => onStatuses(selectAllStatuses())}
            size="sm"
            wrapperProps={{ 'data-testid': 'detail-status-all' }}
          >
            {t('detail.statuses.all')}
          </Chip>
          {CHIP_ORDER.filter((s) => DETAIL_STATUSES.includes(s)).map((status) => (
            <Chip
              key={status}
              checked={statuses[status]}
              onChange={() => onStatuses(toggleStatus(statuses, status))}
              size="sm"
              color={STATUS_COLORS[status]}
              wrapperProps={{ 'data-testid': `detail-status-${status}` }}
            >
              {counts ? `${t(`detail.status.${status}`)} · ${counts[status]}` : t(`detail.status.${status}`)}
            </Chip>
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onStatuses(clearStatuses())}
            disabled={noneSelected(statuses)}
            data-testid="detail-status-clear"
          >
            {t('detail.statuses.clear')}
          </Button>
        </Group>
      </Stack>
      <PhoneSearch value={phone} onChange={onPhone} />
    </Stack>
  );
}

// Typed into its own state (the address follows each change) so the caret never jumps while the
// address updates; a change of the address from outside (back/forward) is shown.
function PhoneSearch({ value, onChange }: { value: string; onChange: (phone: string) => void }) {
  const { t } = useTranslation('mailing-stats');
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  return (
    <TextInput
      label={t('detail.phone.label')}
      placeholder={t('detail.phone.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        const next = sanitizePhoneSearch(event.currentTarget.value);
        setText(next);
        onChange(next);
      }}
      inputMode="numeric"
      autoComplete="off"
      maxLength={PHONE_SEARCH_MAX}
      maw={{ sm: 280 }}
      data-testid="detail-phone"
    />
  );
}
