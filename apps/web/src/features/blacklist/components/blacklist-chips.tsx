import { Group, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_CHIPS, type BlacklistAction } from '../blacklist-rules';

interface BlacklistChipsProps {
  numbers: readonly string[];
  pending: ReadonlyMap<string, BlacklistAction>;
  onRemove: (phone: string) => void;
}

// The found numbers as removable chips (the first ones; the table pages through all).
export function BlacklistChips({ numbers, pending, onRemove }: BlacklistChipsProps) {
  const { t } = useTranslation('blacklist');
  if (numbers.length === 0) return null;
  const shown = numbers.slice(0, MAX_CHIPS);
  return (
    <Group gap={6} data-testid="blacklist-chips">
      {shown.map((phone) => {
        const busy = pending.has(phone);
        return (
          <Pill
            key={phone}
            size="md"
            withRemoveButton={!busy}
            onRemove={() => onRemove(phone)}
            removeButtonProps={{ 'aria-label': t('table.deleteLabel', { phone }) }}
            data-testid={`blacklist-chip-${phone}`}
            style={busy ? { opacity: 0.5 } : undefined}
          >
            +{phone}
          </Pill>
        );
      })}
      {numbers.length > shown.length && (
        <Text size="xs" c="dimmed">
          {t('chips.more', { count: numbers.length - shown.length })}
        </Text>
      )}
    </Group>
  );
}
