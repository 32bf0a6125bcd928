import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AI_SUMMARY_MAX, type KnowledgeFile } from '@salon/contract/ai-files';
import { showToast } from '../../../../shared/toast/show-toast';
import { usePatchSummary } from '../api/patch-summary';
import { summaryDraft, summaryRefusal } from '../knowledge-rules';

interface SummaryEditorProps {
  file: KnowledgeFile;
  canEdit: boolean;
}

// SPEC 5: the file's summary, edited in place; the counter turns red over 200 and a longer text is
// shortened before it is sent (the form says so).
export function SummaryEditor({ file, canEdit }: SummaryEditorProps) {
  const { t } = useTranslation('ai-files');
  const patch = usePatchSummary();
  const [text, setText] = useState<string | null>(null);
  const testId = `ai-file-summary-${file.id}`;

  if (text === null) {
    return (
      <Stack gap={2}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" fw={500}>
            {t('summary.label')}
          </Text>
          {canEdit && file.state === 'ready' && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconPencil size={12} aria-hidden />}
              onClick={() => setText(file.summary)}
              data-testid={`${testId}-edit`}
            >
              {t('summary.edit')}
            </Button>
          )}
        </Group>
        <Text
          size="sm"
          c={file.summary ? undefined : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
          data-testid={testId}
        >
          {file.summary || t('summary.empty')}
        </Text>
      </Stack>
    );
  }

  const draft = summaryDraft(text);
  const counterId = `${testId}-count`;
  const save = async () => {
    try {
      await patch.mutateAsync({ fileId: file.id, summary: draft.toSend });
      setText(null);
      showToast('success', t('summary.saved'));
    } catch (error) {
      showToast('error', t(`summary.refused.${summaryRefusal(error)}`, { max: AI_SUMMARY_MAX }));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap={4}>
        <Textarea
          label={t('summary.label')}
          description={t('summary.hint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          aria-describedby={counterId}
          data-autofocus
          data-testid={`${testId}-input`}
        />
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Text size="xs" c={draft.over ? 'orange.8' : 'dimmed'} style={{ flex: 1, minWidth: 160 }}>
            {draft.over ? t('summary.truncated', { max: AI_SUMMARY_MAX }) : null}
          </Text>
          <Text id={counterId} size="xs" c={draft.over ? 'red.7' : 'dimmed'} data-testid={counterId}>
            {t('summary.counter', { length: draft.length, max: AI_SUMMARY_MAX })}
          </Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => setText(null)} disabled={patch.isPending}>
            {t('summary.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={patch.isPending} data-testid={`${testId}-save`}>
            {t('summary.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
