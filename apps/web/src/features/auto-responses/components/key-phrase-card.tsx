import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy, IconFileText, IconMessage, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AUTO_RESPONSE_MAX_PHRASES,
  AUTO_RESPONSE_MAX_WORDS,
  AUTO_RESPONSE_TEXT_MAX,
  AUTO_RESPONSE_WORD_MAX_LENGTH,
  type KeyPhraseType,
} from '@salon/contract/auto-responses-rules';
import type { KeyPhraseWire } from '@salon/contract/auto-responses';
import { showToast } from '../../../shared/toast/show-toast';
import { useSaveKeyPhrase } from '../api/save-key-phrase';
import type { KeyPhraseItem } from '../hooks/use-key-phrase-drafts';
import {
  checkReplyFile,
  draftProblems,
  hasProblems,
  serverError,
  type DraftField,
  type DraftProblemCode,
  type FileProblem,
  type KeyPhraseDraft,
  type ServerError,
} from '../key-phrase-rules';
import { ReplyFileField } from './reply-file-field';
import { ReplyTextField } from './reply-text-field';
import { TriggerWordsField } from './trigger-words-field';

// The numbers the messages name.
const LIMITS = {
  max: AUTO_RESPONSE_TEXT_MAX,
  words: AUTO_RESPONSE_MAX_WORDS,
  length: AUTO_RESPONSE_WORD_MAX_LENGTH,
  phrases: AUTO_RESPONSE_MAX_PHRASES,
};

interface KeyPhraseCardProps {
  item: KeyPhraseItem;
  index: number;
  canEdit: boolean;
  focusOnMount: boolean;
  switching: boolean;
  onChange: (patch: Partial<KeyPhraseDraft>) => void;
  onSwitch: (active: boolean) => void;
  onSaved: (wire: KeyPhraseWire) => void;
  onDiscard: () => void;
  onDelete: () => void;
}

// One key phrase: its trigger words, a text or file reply, the switch, and its own save.
export function KeyPhraseCard({
  item,
  index,
  canEdit,
  focusOnMount,
  switching,
  onChange,
  onSwitch,
  onSaved,
  onDiscard,
  onDelete,
}: KeyPhraseCardProps) {
  const { t } = useTranslation('auto-responses');
  const { draft, saved, dirty } = item;
  const number = index + 1;
  const testId = (part: string) => `key-phrase-${part}-${index}`;
  const save = useSaveKeyPhrase();
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<ServerError | null>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const wordsInput = useRef<HTMLInputElement>(null);
  const readOnly = !canEdit;

  useEffect(() => {
    if (!focusOnMount) return;
    root.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    wordsInput.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const change = (patch: Partial<KeyPhraseDraft>) => {
    setRefused(null);
    onChange(patch);
  };

  const problems = tried ? draftProblems(draft) : {};
  const message = (field: DraftField): string | undefined => {
    if (refused?.field === field) return t(`error.${refused.key}`, LIMITS);
    const code: DraftProblemCode | undefined = field === 'media' ? (fileProblem ?? problems.media) : problems[field];
    return code ? t(`problem.${code}`, LIMITS) : undefined;
  };

  const pick = (file: File) => {
    const problem = checkReplyFile(file);
    setFileProblem(problem);
    if (problem) {
      showToast('error', t(`problem.${problem}`));
      return;
    }
    change({ file });
  };

  const submit = () => {
    setTried(true);
    if (hasProblems(draftProblems(draft))) return;
    const created = draft.id === null;
    save.mutate(draft, {
      onSuccess: (answer) => {
        setTried(false);
        setFileProblem(null);
        showToast('success', t(created ? 'toast.created' : 'toast.updated'));
        onSaved(answer.data);
      },
      onError: (error) => {
        const problem = serverError(error);
        setRefused(problem);
        showToast('error', t(`error.${problem.key}`, LIMITS));
      },
    });
  };

  const typeLabel = (type: KeyPhraseType, label: string) => (
    <Group gap={6} wrap="nowrap" justify="center" data-testid={`${testId('type')}-${type}`}>
      {type === 'text' ? <IconMessage size={14} aria-hidden /> : <IconFileText size={14} aria-hidden />}
      <span>{label}</span>
    </Group>
  );
  const titleId = testId('title');

  return (
    <Paper
      ref={root}
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid={testId('card')}
      data-phrase-id={draft.id ?? undefined}
      data-dirty={dirty || undefined}
      style={dirty ? { borderColor: 'var(--mantine-color-orange-4)' } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text id={titleId} fw={600}>
              {t('card.title', { number })}
            </Text>
            {!saved && (
              <Badge size="sm" variant="light" color="blue">
                {t('card.new')}
              </Badge>
            )}
            {saved && dirty && (
              <Badge size="sm" variant="light" color="orange" data-testid={testId('changed')}>
                {t('card.changed')}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Switch
              label={draft.active ? t('card.active') : t('card.inactive')}
              aria-label={t('card.activeAria', { number })}
              checked={draft.active}
              disabled={readOnly || switching}
              onChange={(event) => {
                const active = event.currentTarget.checked;
                if (saved) onSwitch(active);
                else change({ active });
              }}
              labelPosition="left"
              data-testid={testId('active')}
            />
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('card.delete', { number })}
                data-testid={testId('delete')}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>

        <TriggerWordsField
          words={draft.words}
          typed={draft.wordInput}
          onChange={({ words, typed }) =>
            change({ ...(words ? { words } : {}), ...(typed !== undefined ? { wordInput: typed } : {}) })
          }
          error={message('words')}
          readOnly={readOnly}
          testId={testId('words')}
          inputRef={wordsInput}
        />

        <Stack gap={6}>
          <Text size="sm" fw={500} id={testId('type-label')}>
            {t('reply.type')}
          </Text>
          <SegmentedControl
            value={draft.type}
            onChange={(value) => change({ type: value as KeyPhraseType })}
            data={[
              { value: 'text', label: typeLabel('text', t('reply.typeText')) },
              { value: 'file', label: typeLabel('file', t('reply.typeFile')) },
            ]}
            readOnly={readOnly}
            aria-labelledby={testId('type-label')}
            style={{ alignSelf: 'flex-start' }}
            data-testid={testId('type')}
          />
        </Stack>

        {draft.type === 'file' && (
          <ReplyFileField
            file={draft.file}
            media={draft.media}
            onPick={pick}
            onUnpick={() => change({ file: null })}
            error={message('media')}
            readOnly={readOnly}
            testId={testId('file')}
          />
        )}

        <ReplyTextField
          label={draft.type === 'text' ? t('reply.text') : t('reply.caption')}
          placeholder={draft.type === 'text' ? t('reply.textPlaceholder') : t('reply.captionPlaceholder')}
          value={draft.reply}
          onChange={(reply) => change({ reply })}
          error={message('reply')}
          required={draft.type === 'text'}
          readOnly={readOnly}
          testId={testId('reply')}
        />

        {canEdit && (
          <Group justify="flex-end" gap="sm">
            {saved && dirty && !save.isPending && (
              <Button variant="subtle" color="gray" onClick={onDiscard} data-testid={testId('discard')}>
                {t('card.discard')}
              </Button>
            )}
            <Button
              onClick={submit}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={save.isPending}
              disabled={saved !== null && !dirty}
              data-testid={testId('save')}
            >
              {save.isPending ? t('card.saving') : t('card.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
