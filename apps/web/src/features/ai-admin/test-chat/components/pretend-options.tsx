import { Button, Collapse, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../../shared/i18n/use-date-format';
import { DateTimeField } from '../../../../shared/ui/date-time-field';
import { PhoneInput } from '../../../../shared/ui/phone-input';
import { pretendPhone } from '../composer-rules';

export interface PretendConditions {
  // The branch's wall time 'YYYY-MM-DDTHH:MM' or '' (now).
  time: string;
  // Digits or '' (the caller's test number).
  phone: string;
}

export const NO_PRETEND: PretendConditions = { time: '', phone: '' };

// Conditions to try the assistant under: another "now" (night mode) and another client number (exclusions).
export function PretendOptions({
  value,
  onChange,
}: {
  value: PretendConditions;
  onChange: (next: PretendConditions) => void;
}) {
  const { t } = useTranslation('ai-chat');
  const { timeZone } = useDateFormat();
  const [opened, { toggle }] = useDisclosure(value.time !== '' || value.phone !== '');
  const phoneOk = pretendPhone(value.phone).ok;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconAdjustments size={14} aria-hidden />}
          onClick={toggle}
          aria-expanded={opened}
          data-testid="ai-chat-pretend-toggle"
        >
          {t('pretend.toggle')}
        </Button>
        {(value.time !== '' || value.phone !== '') && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => onChange({ time: '', phone: '' })}
            data-testid="ai-chat-pretend-reset"
          >
            {t('pretend.reset')}
          </Button>
        )}
      </Group>
      <Collapse expanded={opened}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateTimeField
            size="xs"
            label={t('pretend.time')}
            description={t('pretend.timeHint', { zone: timeZone })}
            value={value.time}
            onChange={(time) => onChange({ ...value, time })}
            w={{ base: '100%', xs: 230 }}
            testId="ai-chat-pretend-time"
          />
          <PhoneInput
            size="xs"
            label={t('pretend.phone')}
            description={t('pretend.phoneHint')}
            value={value.phone}
            onChange={(phone) => onChange({ ...value, phone })}
            error={phoneOk ? undefined : t('pretend.phoneInvalid')}
            w={{ base: '100%', xs: 230 }}
            data-testid="ai-chat-pretend-phone"
          />
        </Group>
      </Collapse>
    </Stack>
  );
}
