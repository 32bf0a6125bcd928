import { useState, type ReactNode } from 'react';
import { Alert, Button, EmptyState, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock, IconMessageBolt, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import { useSession } from '../../../shared/session/use-session';
import { LeaveConfirmModal } from '../../../shared/ui/leave-confirm-modal';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useDeleteKeyPhrase } from '../api/delete-key-phrase';
import { useKeyPhrases } from '../api/get-key-phrases';
import { useSwitchKeyPhrase } from '../api/switch-key-phrase';
import { HowItWorksNote } from '../components/how-it-works-note';
import { DeleteKeyPhraseModal } from '../components/delete-key-phrase-modal';
import { KeyPhraseCard } from '../components/key-phrase-card';
import { SettingsCard } from '../components/settings-card';
import { useKeyPhraseDrafts, type KeyPhraseItem } from '../hooks/use-key-phrase-drafts';
import { wordsOf } from '../key-phrase-rules';

// /auto_response: the branch's key phrases (SPEC 2 "auto-replies", SPEC 3 Auto-response, SPEC 5).
export function AutoResponsePage() {
  const { t } = useTranslation(['auto-responses', 'pages']);
  const { rights } = useSession();
  const canEdit = allows(rights, 'editTemplates');
  const list = useKeyPhrases();
  const drafts = useKeyPhraseDrafts(list.data?.data);
  const switcher = useSwitchKeyPhrase();
  const remove = useDeleteKeyPhrase();
  const [deleting, setDeleting] = useState<KeyPhraseItem | null>(null);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const guard = useLeaveGuard(canEdit && (drafts.dirty || settingsDirty));

  const askDelete = (item: KeyPhraseItem) => {
    // A new card with nothing in it goes at once; anything typed is asked about first.
    if (!item.saved && !item.dirty) drafts.removed(item.draft.key);
    else setDeleting(item);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const { draft } = deleting;
    if (draft.id === null) {
      drafts.removed(draft.key);
      setDeleting(null);
      return;
    }
    remove.mutate(draft.id, {
      onSuccess: () => {
        drafts.removed(draft.key);
        setDeleting(null);
      },
    });
  };

  const addButton = (testId: string) => (
    <Button
      onClick={drafts.add}
      disabled={!drafts.canAdd}
      leftSection={<IconPlus size={16} aria-hidden />}
      aria-describedby={drafts.canAdd ? undefined : 'key-phrase-add-hint'}
      data-testid={testId}
    >
      {t('auto-responses:page.add')}
    </Button>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" data-testid="key-phrase-list-skeleton">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={320} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    body = <QueryErrorView error={list.error} onRetry={() => void list.refetch()} />;
  } else if (drafts.items.length === 0) {
    body = (
      <EmptyState
        data-testid="key-phrase-empty"
        py="xl"
        variant="light"
        icon={<IconMessageBolt aria-hidden />}
        title={t('auto-responses:page.emptyTitle')}
        description={t(canEdit ? 'auto-responses:page.emptyHint' : 'auto-responses:page.emptyHintReadOnly')}
      >
        {canEdit && <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{addButton('key-phrase-add-empty')}</div>}
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        <Stack gap="md" role="list" aria-label={t('auto-responses:page.listLabel')} data-testid="key-phrase-list">
          {drafts.items.map((item, index) => (
            <div role="listitem" key={item.reactKey}>
              <KeyPhraseCard
                item={item}
                index={index}
                canEdit={canEdit}
                focusOnMount={drafts.focusKey === item.reactKey}
                switching={switcher.isPending && switcher.variables.id === item.draft.id}
                onChange={(patch) => drafts.change(item.draft.key, patch)}
                onSwitch={(active) => item.draft.id !== null && switcher.mutate({ id: item.draft.id, active })}
                onSaved={(wire) => drafts.saved(item.draft.key, wire)}
                onDiscard={() => drafts.discard(item.draft.key)}
                onDelete={() => askDelete(item)}
              />
            </div>
          ))}
        </Stack>
        {canEdit && (
          <Stack gap={6} align="flex-start">
            {addButton('key-phrase-add')}
            {!drafts.canAdd && (
              <Text id="key-phrase-add-hint" size="xs" c="dimmed" data-testid="key-phrase-add-hint">
                {t('auto-responses:page.addBlocked')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={0} data-testid="auto-response-page">
      <PageTitle video="autoResponses">{t('pages:titles.autoResponse')}</PageTitle>
      {!canEdit && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          mb="md"
          data-testid="key-phrase-read-only"
        >
          {t('auto-responses:page.readOnly')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>{body}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SettingsCard canEdit={canEdit} onDirtyChange={setSettingsDirty} />
            <HowItWorksNote />
          </Stack>
        </Grid.Col>
      </Grid>
      <DeleteKeyPhraseModal
        words={deleting ? wordsOf(deleting.draft) : null}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <LeaveConfirmModal
        opened={guard.blocked}
        onLeave={guard.leave}
        onStay={guard.stay}
        text={t('auto-responses:leave.text')}
      />
    </Stack>
  );
}
