import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUTO_RESPONSE_PERIOD_HOURS, TAKEOVER_PAUSE_MINUTES } from '@salon/contract/auto-responses-rules';
import type { KeyPhraseSettings } from '@salon/contract/auto-responses';
import { showToast } from '../../../shared/toast/show-toast';
import { statusMessageKey } from '../../../shared/api/error-message';
import { useKeyPhraseSettings, useSaveKeyPhraseSettings } from '../api/key-phrase-settings';
import { serverError, settingsValue, type SettingsDraft } from '../key-phrase-rules';

interface SettingsCardProps {
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

const draftOf = (settings: KeyPhraseSettings): SettingsDraft => ({
  periodHours: settings.period_hours,
  pauseMinutes: settings.pause_minutes,
});

// The branch's two settings of auto-responses: one reply per phrase per client per period, and
// the pause after the salon writes in a chat itself.
export function SettingsCard({ canEdit, onDirtyChange }: SettingsCardProps) {
  const { t } = useTranslation(['auto-responses', 'errors']);
  const query = useKeyPhraseSettings();
  const save = useSaveKeyPhraseSettings();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const stored = query.data?.data;
  const value = draft ?? (stored ? draftOf(stored) : null);
  const period = value ? settingsValue(value.periodHours, AUTO_RESPONSE_PERIOD_HOURS) : null;
  const pause = value ? settingsValue(value.pauseMinutes, TAKEOVER_PAUSE_MINUTES) : null;
  const dirty =
    draft !== null &&
    stored !== undefined &&
    (String(draft.periodHours) !== String(stored.period_hours) ||
      String(draft.pauseMinutes) !== String(stored.pause_minutes));

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = () => {
    if (period === null || pause === null) return;
    save.mutate(
      { period_hours: period, pause_minutes: pause },
      {
        onSuccess: () => {
          setDraft(null);
          showToast('success', t('auto-responses:toast.settingsSaved'));
        },
        onError: (error) => showToast('error', t(`auto-responses:error.${serverError(error).key}`)),
      },
    );
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else if (query.isError || !value) {
    body = (
      <Alert color="red" variant="light" data-testid="key-phrase-settings-error">
        <Text size="sm">{t(`errors:${statusMessageKey(query.error)}`)}</Text>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('errors:view.retry')}
        </Button>
      </Alert>
    );
  } else {
    const invalid = (bounds: { min: number; max: number }) => t('auto-responses:settings.invalid', bounds);
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit && dirty) submit();
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label={t('auto-responses:settings.period')}
            description={t('auto-responses:settings.periodHint')}
            value={value.periodHours}
            onChange={(next) => setDraft({ ...value, periodHours: next })}
            min={AUTO_RESPONSE_PERIOD_HOURS.min}
            max={AUTO_RESPONSE_PERIOD_HOURS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix={t('auto-responses:settings.hours')}
            readOnly={!canEdit}
            error={period === null ? invalid(AUTO_RESPONSE_PERIOD_HOURS) : undefined}
            data-testid="key-phrase-period"
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
          <NumberInput
            label={t('auto-responses:settings.pause')}
            description={t('auto-responses:settings.pauseHint')}
            value={value.pauseMinutes}
            onChange={(next) => setDraft({ ...value, pauseMinutes: next })}
            min={TAKEOVER_PAUSE_MINUTES.min}
            max={TAKEOVER_PAUSE_MINUTES.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix={t('auto-responses:settings.minutes')}
            readOnly={!canEdit}
            error={pause === null ? invalid(TAKEOVER_PAUSE_MINUTES) : undefined}
            data-testid="key-phrase-pause"
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button
                type="submit"
                variant={dirty ? 'filled' : 'light'}
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                disabled={!dirty || period === null || pause === null}
                loading={save.isPending}
                data-testid="key-phrase-settings-save"
              >
                {t('auto-responses:settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="key-phrase-settings-title"
      data-testid="key-phrase-settings"
    >
      <Text id="key-phrase-settings-title" fw={600} mb="sm">
        {t('auto-responses:settings.title')}
      </Text>
      {body}
    </Paper>
  );
}
