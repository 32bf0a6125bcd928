import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconTextPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_CONTENT_ITEMS } from '@salon/contract/templates-rules';
import type { TemplateDraft } from '../template-draft';
import type { TemplateEdit } from '../template-edit-rules';
import type { DraftProblems } from '../template-save-rules';
import { ContentItemCard } from './content-item-card';
import { SectionCard } from '../../../shared/ui/section-card';
import { TemplateTextField } from './template-text-field';

interface ContentSectionProps {
  draft: TemplateDraft;
  edit: (edit: TemplateEdit) => void;
  variables: readonly string[];
  problems: DraftProblems;
  readOnly: boolean;
}

// The messages the template sends, in order, and the SMS fallback text.
export function ContentSection({ draft, edit, variables, problems, readOnly }: ContentSectionProps) {
  const { t } = useTranslation('templates');
  const full = draft.content.length >= MAX_CONTENT_ITEMS;
  return (
    <SectionCard title={t('content.title')} description={t('content.intro')} testId="section-content">
      <Stack gap="md">
        {draft.content.map((item, index) => (
          <ContentItemCard
            key={item.key}
            item={item}
            index={index}
            removable={draft.content.length > 1}
            variables={variables}
            problems={problems}
            edit={edit}
            readOnly={readOnly}
          />
        ))}
      </Stack>
      {!readOnly && (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconTextPlus size={16} aria-hidden />}
            onClick={() => edit({ type: 'contentAdd', kind: 'text' })}
            disabled={full}
            data-testid="content-add-text"
          >
            {t('content.addText')}
          </Button>
          <Button
            variant="light"
            color="grape"
            leftSection={<IconFilePlus size={16} aria-hidden />}
            onClick={() => edit({ type: 'contentAdd', kind: 'file' })}
            disabled={full}
            data-testid="content-add-file"
          >
            {t('content.addFile')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('content.limit', { count: draft.content.length, max: MAX_CONTENT_ITEMS })}
          </Text>
        </Group>
      )}
      <TemplateTextField
        label={t('content.sms')}
        description={t('content.smsHint')}
        value={draft.textSms}
        onChange={(value) => edit({ type: 'textSms', value })}
        variables={variables}
        problem={problems.textSms}
        minRows={2}
        readOnly={readOnly}
        testId="content-sms"
      />
    </SectionCard>
  );
}
