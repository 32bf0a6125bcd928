import { ActionIcon, Anchor, Badge, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_GROUPS } from '@salon/contract/attachments';
import { showToast } from '../../../shared/toast/show-toast';
import { downloadTemplateFile } from '../api/download-template-file';
import type { ContentDraft } from '../template-draft';
import type { TemplateEdit } from '../template-edit-rules';
import { contentField, type DraftProblems } from '../template-save-rules';
import { TemplateTextField } from './template-text-field';

const ACCEPT = Object.values(ATTACHMENT_GROUPS)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

interface ContentItemCardProps {
  item: ContentDraft;
  index: number;
  removable: boolean;
  variables: readonly string[];
  problems: DraftProblems;
  edit: (edit: TemplateEdit) => void;
  readOnly: boolean;
}

// One message: a text, or a file (checked against the attachment rules) with its caption.
export function ContentItemCard({ item, index, removable, variables, problems, edit, readOnly }: ContentItemCardProps) {
  const { t } = useTranslation('templates');
  const number = index + 1;
  const fileProblem = problems[contentField(item.key, 'caption')];
  const download = () => {
    if (!item.fileId) return;
    downloadTemplateFile(item.fileId, item.fileName).catch(() => showToast('error', t('toast.downloadError')));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`content-item-${index}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('content.item', { number })}
            </Text>
            <Badge variant="light" color={item.type === 'file' ? 'grape' : 'blue'} size="sm">
              {t(`content.type.${item.type}`)}
            </Badge>
          </Group>
          {removable && !readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => edit({ type: 'contentRemove', key: item.key })}
              aria-label={t('content.remove', { number })}
              data-testid={`content-remove-${index}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {item.type === 'text' ? (
          <TemplateTextField
            label={t('content.text')}
            value={item.body}
            onChange={(value) => edit({ type: 'contentText', key: item.key, field: 'body', value })}
            variables={variables}
            problem={problems[contentField(item.key, 'body')]}
            placeholder={t('content.textPlaceholder')}
            required
            readOnly={readOnly}
            testId={`content-text-${index}`}
          />
        ) : (
          <>
            <FileInput
              label={t('content.file')}
              description={t('content.fileHint')}
              placeholder={item.fileName ?? t('content.filePlaceholder')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              accept={ACCEPT}
              value={item.file}
              onChange={(file) => file && edit({ type: 'contentFile', key: item.key, file })}
              clearable={false}
              error={fileProblem?.code === 'noFile' ? t('problem.noFile') : undefined}
              data-testid={`content-file-${index}`}
            />
            {item.fileId && !item.file && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={download}
                data-testid={`content-download-${index}`}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
              >
                <IconDownload size={14} aria-hidden />
                {t('content.download', { name: item.fileName ?? t('content.fileFallback') })}
              </Anchor>
            )}
            <TemplateTextField
              label={t('content.caption')}
              value={item.caption}
              onChange={(value) => edit({ type: 'contentText', key: item.key, field: 'caption', value })}
              variables={variables}
              problem={fileProblem?.code === 'noFile' ? undefined : fileProblem}
              minRows={2}
              readOnly={readOnly}
              testId={`content-caption-${index}`}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
