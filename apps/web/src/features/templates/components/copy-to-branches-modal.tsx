import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import type { TemplateListItem } from '@salon/contract/templates';
import { useAccounts } from '../../../shared/accounts/accounts-query';
import { useSession } from '../../../shared/session/use-session';
import { useCopyTemplateToBranches } from '../api/copy-template-to-branches';
import { numericId } from '../template-list-rules';

interface CopyToBranchesModalProps {
  item: TemplateListItem | null;
  onClose: () => void;
}

// The user's other branches where they may edit templates (send-out accounts have none).
function useTargetBranches() {
  const { accId } = useSession();
  const accounts = useAccounts();
  return useMemo(
    () =>
      (accounts.data?.branches ?? []).filter(
        (branch) =>
          branch.accId !== accId &&
          !branch.isSynthetic &&
          !branch.sendOutAccount &&
          allows(branch.rights, 'editTemplates'),
      ),
    [accounts.data, accId],
  );
}

function CopyForm({ item, onClose }: { item: TemplateListItem; onClose: () => void }) {
  const { t } = useTranslation('templates');
  const branches = useTargetBranches();
  const copy = useCopyTemplateToBranches();
  const [chosen, setChosen] = useState<number[]>([]);
  const all = branches.length > 0 && chosen.length === branches.length;

  if (branches.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm" data-testid="copy-no-branches">
          {t('copyToBranches.none')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('copyToBranches.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return;
        copy.mutate({ templateId: numericId(item.id), accIds: chosen }, { onSuccess: onClose });
      }}
      // Enter on a checkbox submits too (browsers submit implicitly only from text fields).
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.target as HTMLElement).matches('input[type="checkbox"]')) {
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('copyToBranches.text', { title: item.title })}</Text>
        <Checkbox
          label={t('copyToBranches.all')}
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          onChange={() => setChosen(all ? [] : branches.map((b) => b.accId))}
          data-testid="copy-all"
        />
        <ScrollArea.Autosize mah={280} type="auto">
          <Stack gap="xs" pl="md">
            {branches.map((branch) => (
              <Checkbox
                key={branch.accId}
                label={branch.name}
                description={branch.address || undefined}
                checked={chosen.includes(branch.accId)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChosen((current) =>
                    on ? [...current, branch.accId] : current.filter((id) => id !== branch.accId),
                  );
                }}
                data-testid={`copy-branch-${branch.accId}`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="sm" gap="sm">
          <Button variant="default" onClick={onClose} disabled={copy.isPending}>
            {t('copyToBranches.cancel')}
          </Button>
          <Button type="submit" disabled={chosen.length === 0} loading={copy.isPending} data-testid="copy-submit">
            {t('copyToBranches.submit', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Copies a template into other branches (POST /copy_template_to_branches); SPEC 8 'copied to N branches'.
export function CopyToBranchesModal({ item, onClose }: CopyToBranchesModalProps) {
  const { t } = useTranslation('templates');
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('copyToBranches.title')} centered data-testid="copy-modal">
      {item && <CopyForm key={item.id} item={item} onClose={onClose} />}
    </Modal>
  );
}
