import { useState, type ReactNode } from 'react';
import { Button, Fieldset, Group, Radio, Select, Stack, Switch, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AI_MESSAGE_MAX,
  DEFAULT_NIGHT_MESSAGE,
  DEFAULT_SWITCH_TO_HUMAN_MESSAGE,
  TONES,
  type Tone,
} from '@salon/contract/ai-agents';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useAgentAccess } from '../hooks/use-agent-access';
import { ReadOnlyNote } from './read-only-note';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { SaveBar } from '../../../shared/ui/save-bar';
import { TimeField } from '../../../shared/ui/time-field';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import {
  AGGREGATION_TYPED,
  LOOKUP_TYPED,
  aggregationOnBlur,
  confirmFor,
  lookupOnBlur,
  settingsPatch,
  type SettingsConfirm,
  type SettingsDraft,
} from '../ai-settings-rules';
import { useAgentEditor, type AgentProblemCode } from '../hooks/use-agent-editor';
import { ConfirmModal } from './confirm-modal';
import { CopySettingsModal } from './copy-settings-modal';
import { EmojiField } from './emoji-field';
import { RangeField } from './range-field';
import { SectionCard } from '../../../shared/ui/section-card';

interface SettingsFormProps {
  loaded: SettingsDraft;
  // The branch's AI module is paid (agent.paid); saving needs it.
  paid: boolean;
  tabs?: ReactNode;
}

const isTone = (value: string | null): value is Tone => (TONES as readonly (string | null)[]).includes(value);

// SPEC 3 "AI agent settings" without the exclusions: the assistant's switch and mode, how it
// answers, night mode and the hand-over to a person; a sticky save bar, the leave guard, copying.
export function SettingsForm({ loaded, paid, tabs }: SettingsFormProps) {
  const { t } = useTranslation(['ai-admin', 'pages']);
  const branch = useCurrentBranch();
  const editor = useAgentEditor(loaded, settingsPatch);
  const access = useAgentAccess(paid);
  const canEdit = access === 'edit';
  const guard = useLeaveGuard(editor.dirty && canEdit);
  const [asking, setAsking] = useState<{ kind: SettingsConfirm; change: Partial<SettingsDraft> } | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const { draft, problems } = editor;
  const night = draft.night_mode_schedule;
  const errorOf = (field: keyof SettingsDraft) => {
    const code: AgentProblemCode | undefined = problems[field];
    return code ? t(`ai-admin:errors.${code}`) : undefined;
  };

  // SPEC 4: switching on and automatic mode ask first; the rest applies at once.
  const change = (next: Partial<SettingsDraft>) => {
    const kind = confirmFor(draft, next);
    if (kind) setAsking({ kind, change: next });
    else editor.edit(next);
  };

  return (
    <Stack gap="md">
      <PageTitle
        aside={
          canEdit && (
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => setCopyOpen(true)}
              disabled={editor.saving}
              data-testid="ai-copy-open"
            >
              {t('ai-admin:copy.open')}
            </Button>
          )
        }
      >
        {t('pages:titles.aiAdminSettings')}
      </PageTitle>
      {tabs}
      <ReadOnlyNote access={access} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canEdit) void editor.save();
        }}
        data-testid="ai-settings-form"
      >
        <Fieldset disabled={!canEdit} variant="unstyled" p={0} m={0}>
          <Stack gap="md">
            <SectionCard title={t('ai-admin:settings.assistant.title')} testId="ai-section-assistant">
              <Switch
                label={t('ai-admin:settings.assistant.active')}
                description={t('ai-admin:settings.assistant.activeHint')}
                checked={draft.is_active}
                onChange={(event) => change({ is_active: event.currentTarget.checked })}
                data-testid="ai-active"
              />
              <Radio.Group
                label={t('ai-admin:settings.assistant.mode')}
                description={t('ai-admin:settings.assistant.modeHint')}
                value={draft.recommendation_mode}
                onChange={(value) => change({ recommendation_mode: value === 'automatic' ? 'automatic' : 'manual' })}
                data-testid="ai-mode"
              >
                <Group gap="lg" mt="xs">
                  <Radio value="manual" label={t('ai-admin:settings.mode.manual')} data-testid="ai-mode-manual" />
                  <Radio
                    value="automatic"
                    label={t('ai-admin:settings.mode.automatic')}
                    data-testid="ai-mode-automatic"
                  />
                </Group>
              </Radio.Group>
            </SectionCard>

            <SectionCard title={t('ai-admin:settings.answers.title')} testId="ai-section-answers">
              <Group gap="md" align="flex-start" wrap="wrap">
                <RangeField
                  label={t('ai-admin:settings.answers.aggregation')}
                  description={t('ai-admin:settings.answers.aggregationHint')}
                  value={draft.aggregation_time}
                  range={AGGREGATION_TYPED}
                  onBlurValue={aggregationOnBlur}
                  onChange={(aggregation_time) => editor.edit({ aggregation_time })}
                  error={errorOf('aggregation_time')}
                  testId="ai-aggregation"
                />
                <RangeField
                  label={t('ai-admin:settings.answers.lookup')}
                  description={t('ai-admin:settings.answers.lookupHint')}
                  value={draft.schedule_lookup_interval}
                  range={LOOKUP_TYPED}
                  onBlurValue={lookupOnBlur}
                  onChange={(schedule_lookup_interval) => editor.edit({ schedule_lookup_interval })}
                  error={errorOf('schedule_lookup_interval')}
                  testId="ai-lookup"
                />
              </Group>
              <Select
                label={t('ai-admin:settings.answers.tone')}
                w={{ base: '100%', xs: 320 }}
                data={TONES.map((tone) => ({ value: tone, label: t(`ai-admin:tones.${tone}`) }))}
                value={draft.tone_of_voice}
                onChange={(value) => isTone(value) && editor.edit({ tone_of_voice: value })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="ai-tone"
              />
              <EmojiField value={draft.emoji_list} onChange={(emoji_list) => editor.edit({ emoji_list })} />
              <Switch
                label={t('ai-admin:settings.answers.markRead')}
                checked={draft.mark_read}
                onChange={(event) => editor.edit({ mark_read: event.currentTarget.checked })}
                data-testid="ai-mark-read"
              />
              <Switch
                label={t('ai-admin:settings.answers.workWithRecord')}
                description={t('ai-admin:settings.answers.workWithRecordHint')}
                checked={draft.work_with_record}
                onChange={(event) => editor.edit({ work_with_record: event.currentTarget.checked })}
                data-testid="ai-work-with-record"
              />
            </SectionCard>

            <SectionCard
              title={t('ai-admin:settings.night.title')}
              description={t('ai-admin:settings.night.hint', { zone: branch?.timeZone ?? 'UTC' })}
              testId="ai-section-night"
            >
              <Switch
                label={t('ai-admin:settings.night.active')}
                checked={night.active}
                onChange={(event) =>
                  editor.edit({ night_mode_schedule: { ...night, active: event.currentTarget.checked } })
                }
                data-testid="ai-night-active"
              />
              <Group gap="md" wrap="wrap">
                <TimeField
                  label={t('ai-admin:settings.night.start')}
                  value={night.start}
                  onChange={(start) => editor.edit({ night_mode_schedule: { ...night, start } })}
                  testId="ai-night-start"
                />
                <TimeField
                  label={t('ai-admin:settings.night.end')}
                  value={night.end}
                  onChange={(end) => editor.edit({ night_mode_schedule: { ...night, end } })}
                  testId="ai-night-end"
                />
              </Group>
              <Textarea
                label={t('ai-admin:settings.night.message')}
                description={t('ai-admin:settings.night.messageHint')}
                placeholder={DEFAULT_NIGHT_MESSAGE}
                value={night.message_text}
                maxLength={AI_MESSAGE_MAX}
                autosize
                minRows={2}
                onChange={(event) =>
                  editor.edit({ night_mode_schedule: { ...night, message_text: event.currentTarget.value } })
                }
                error={errorOf('night_mode_schedule')}
                data-testid="ai-night-message"
              />
            </SectionCard>

            <SectionCard title={t('ai-admin:settings.human.title')} testId="ai-section-human">
              <Switch
                label={t('ai-admin:settings.human.active')}
                description={t('ai-admin:settings.human.activeHint')}
                checked={draft.switch_to_human}
                onChange={(event) => editor.edit({ switch_to_human: event.currentTarget.checked })}
                data-testid="ai-human-active"
              />
              <Textarea
                label={t('ai-admin:settings.human.message')}
                placeholder={DEFAULT_SWITCH_TO_HUMAN_MESSAGE}
                value={draft.switch_to_human_message}
                maxLength={AI_MESSAGE_MAX}
                autosize
                minRows={2}
                onChange={(event) => editor.edit({ switch_to_human_message: event.currentTarget.value })}
                error={errorOf('switch_to_human_message')}
                data-testid="ai-human-message"
              />
            </SectionCard>
          </Stack>
        </Fieldset>
        {canEdit && <SaveBar dirty={editor.dirty} saving={editor.saving} isNew={false} onDiscard={editor.discard} />}
      </form>
      <ConfirmModal
        opened={asking?.kind === 'activate'}
        title={t('ai-admin:confirm.activate.title')}
        text={t('ai-admin:confirm.activate.text')}
        confirm={t('ai-admin:confirm.activate.confirm')}
        onConfirm={() => {
          if (asking) editor.edit(asking.change);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
        testId="ai-activate-modal"
      />
      <ConfirmModal
        opened={asking?.kind === 'automatic'}
        title={t('ai-admin:confirm.automatic.title')}
        text={t('ai-admin:confirm.automatic.text')}
        confirm={t('ai-admin:confirm.automatic.confirm')}
        onConfirm={() => {
          if (asking) editor.edit(asking.change);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
        testId="ai-automatic-modal"
      />
      <CopySettingsModal
        opened={copyOpen}
        pending={editor.copying}
        onCopy={editor.copyTo}
        onClose={() => setCopyOpen(false)}
      />
      <LeaveConfirmModal opened={guard.blocked} onLeave={guard.leave} onStay={guard.stay} />
    </Stack>
  );
}
