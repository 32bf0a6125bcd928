import { Alert, Anchor, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/use-session';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { useAllowedToRun } from '../api/allowed-to-run';
import type { Launch } from '../hooks/use-launch';
import type { NewMailing } from '../hooks/use-new-mailing';
import type { TestMessage } from '../hooks/use-test-message';
import { allowedToRunQuery } from '../launch-rules';
import { CONNECTION_PATH, withBranch } from '../mailing-paths';
import { formatZoned, pickerBounds, type LaunchMode } from '../mailing-time-rules';
import { canLaunch, shownCount } from '../new-mailing-state';
import { excerpt } from '../started-rules';
import { AllowedStatus } from './allowed-status';
import { StartPicker } from './start-picker';
import { TestMessageBox } from './test-message-box';

interface LaunchStepProps extends Pick<NewMailing, 'state' | 'dispatch' | 'problems' | 'timeZone' | 'now'> {
  test: TestMessage;
  launch: Launch;
  startError: string | undefined;
}

// Step 3 (SPEC 4): a test message, an immediate (default) or scheduled launch, the start check, and
// the launch itself; the button waits while the start is being checked.
export function LaunchStep({ state, dispatch, problems, timeZone, now, test, launch, startError }: LaunchStepProps) {
  const { t, i18n } = useTranslation('mailing');
  const locale = localeOf(i18n.language);
  const query = allowedToRunQuery(state, timeZone);
  const check = useAllowedToRun(query);
  const count = shownCount(state);
  const parsed = state.parsed;
  const { accId } = useSession();
  // No connected number when the list was read: the server refuses the launch, so say why up front.
  const noChannel = parsed !== null && parsed.instance_id === null;
  const blocked = !canLaunch(problems) || check.isFetching || launch.pending;

  return (
    <Stack gap="md">
      <TestMessageBox test={test} />
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={3} size="h5">
            {t('launch.title')}
          </Title>
          <Radio.Group
            label={t('launch.mode')}
            value={state.mode}
            onChange={(mode) => dispatch({ type: 'mode', mode: mode as LaunchMode })}
            data-testid="mailing-launch-mode"
          >
            <Group gap="lg" mt={6}>
              <Radio value="immediate" label={t('launch.immediate')} data-testid="mailing-launch-immediate" />
              <Radio value="scheduled" label={t('launch.scheduled')} data-testid="mailing-launch-scheduled" />
            </Group>
          </Radio.Group>

          {noChannel && (
            <Alert color="red" variant="light" data-testid="mailing-no-channel">
              {t('sendoutStatus.noChannel')}{' '}
              <Anchor component={Link} to={withBranch(CONNECTION_PATH, accId)} size="sm">
                {t('launch.connect')}
              </Anchor>
            </Alert>
          )}

          {state.mode === 'immediate' && parsed && !parsed.immediate_start && (
            <Alert color="yellow" variant="light" data-testid="mailing-immediate-warning">
              {parsed.allowed_start
                ? t('launch.immediateRefused', { time: formatZoned(parsed.allowed_start, timeZone, locale) })
                : t('launch.immediateRefusedNoStart')}
            </Alert>
          )}

          {state.mode === 'scheduled' && (
            <StartPicker
              start={state.start}
              bounds={pickerBounds(now, timeZone)}
              error={startError}
              onDate={(date) => dispatch({ type: 'startDate', date })}
              onTime={(time) => dispatch({ type: 'startTime', time })}
              onCalendar={() => dispatch({ type: 'calendarOpen' })}
            />
          )}

          <AllowedStatus asked={query !== null} fetching={check.isFetching} data={check.data} error={check.error} />

          <Stack gap={2} data-testid="mailing-summary">
            <Text size="sm">{t('launch.summaryCount', { count, shown: count.toLocaleString(locale) })}</Text>
            <Text size="sm" c="dimmed" truncate="end">
              {excerpt(state.text, 120)}
            </Text>
            {state.media && (
              <Text size="sm" c="dimmed">
                {t('launch.summaryMedia', { name: state.media.name })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('launch.summaryPace', { seconds: state.betweenTime })}
            </Text>
          </Stack>

          <Group justify="flex-end">
            <Button
              size="md"
              leftSection={<IconRocket size={18} aria-hidden />}
              onClick={() => void launch.launch()}
              disabled={blocked}
              loading={launch.pending}
              data-testid="mailing-launch"
            >
              {state.mode === 'scheduled' ? t('launch.schedule') : t('launch.start')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
