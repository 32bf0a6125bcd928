import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AllowedToRunResponse } from '@salon/contract/mailing-plan';
import { useMessageText } from '../hooks/use-message-text';
import { allowedRefusal, launchErrorMessage } from '../launch-error-rules';
import { durationParts } from '../mailing-time-rules';

interface AllowedStatusProps {
  // False when the check cannot be asked (no connected number): the server checks at launch.
  asked: boolean;
  fetching: boolean;
  data: AllowedToRunResponse | undefined;
  error: unknown;
}

// What /allowed_to_run said about the start as it stands (SPEC 4, 5: no crossing, quota, window).
export function AllowedStatus({ asked, fetching, data, error }: AllowedStatusProps) {
  const { t } = useTranslation('mailing');
  const messageText = useMessageText();
  let body;
  if (!asked) {
    body = (
      <Text size="sm" c="dimmed">
        {t('allowed.notAsked')}
      </Text>
    );
  } else if (fetching) {
    body = (
      <Group gap={6}>
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('allowed.checking')}
        </Text>
      </Group>
    );
  } else if (error) {
    body = (
      <Group gap={6} wrap="nowrap">
        <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="sm" c="red.7">
          {messageText(launchErrorMessage(error))}
        </Text>
      </Group>
    );
  } else if (data) {
    const refusal = allowedRefusal(data);
    const duration = durationParts(data.duration);
    body = refusal ? (
      <Group gap={6} wrap="nowrap">
        <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="sm" c="red.7">
          {messageText(refusal)}
        </Text>
      </Group>
    ) : (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
        <Text size="sm">
          {t('allowed.ok', {
            duration:
              duration.days > 0
                ? t('parsed.durationDays', duration)
                : t('parsed.durationHours', { hours: duration.hours, minutes: duration.minutes }),
          })}
        </Text>
      </Group>
    );
  }
  return (
    <div data-testid="mailing-allowed-status" data-state={statusState(asked, fetching, data, error)} aria-live="polite">
      {body}
    </div>
  );
}

function statusState(asked: boolean, fetching: boolean, data: AllowedToRunResponse | undefined, error: unknown) {
  if (!asked) return 'skipped';
  if (fetching) return 'checking';
  if (error) return 'error';
  if (!data) return 'idle';
  return allowedRefusal(data) ? 'refused' : 'allowed';
}
