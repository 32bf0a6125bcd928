import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KnowledgeFile } from '@salon/contract/ai-files';
import { stageView } from '../knowledge-rules';

// "Stage 2 of 4: Conversion" with a bar, for a file still being processed (SPEC 3 stage info).
export function FileStageProgress({ file }: { file: KnowledgeFile }) {
  const { t } = useTranslation('ai-files');
  const view = stageView(file);
  const text = t('stage.progress', { current: view.current, count: view.count, name: t(`stages.${view.stage}`) });
  return (
    <Stack gap={4} data-testid="ai-file-stage">
      <Progress
        value={(view.current / view.count) * 100}
        striped
        animated
        aria-label={t('stage.label', { name: file.file_name })}
        aria-valuetext={text}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {text}
      </Text>
    </Stack>
  );
}
