import { SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChainDraft, ChainProblems } from '../review-chain-rules';
import type { ChainEditor } from '../hooks/use-chain-editor';
import { ReviewTextField } from './review-text-field';
import { SectionCard } from '../../../shared/ui/section-card';

interface LastStepSectionProps {
  draft: ChainDraft;
  number: number;
  edit: ChainEditor['edit'];
  problems: ChainProblems;
  errorText: (code: string | undefined) => string | undefined;
}

// The answer to the rating (SPEC 3 lastStep): the positive text for 4–5, the negative one for 1–3.
export function LastStepSection({ draft, number, edit, problems, errorText }: LastStepSectionProps) {
  const { t } = useTranslation('reviews');
  return (
    <SectionCard
      step={number}
      title={t('editor.last.title')}
      description={t('editor.last.hint')}
      testId="step-last"
      aside={
        <Switch
          label={t('editor.active')}
          checked={draft.lastActive}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            edit((d) => ({ ...d, lastActive: on }));
          }}
          data-testid="last-active"
        />
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ReviewTextField
          label={t('editor.last.positive')}
          description={t('editor.last.positiveHint')}
          value={draft.positive}
          onChange={(positive) => edit((d) => ({ ...d, positive }))}
          error={errorText(problems.positive)}
          required={draft.lastActive}
          minRows={4}
          testId="last-positive"
        />
        <ReviewTextField
          label={t('editor.last.negative')}
          description={t('editor.last.negativeHint')}
          value={draft.negative}
          onChange={(negative) => edit((d) => ({ ...d, negative }))}
          error={errorText(problems.negative)}
          required={draft.lastActive}
          minRows={4}
          testId="last-negative"
        />
      </SimpleGrid>
    </SectionCard>
  );
}
