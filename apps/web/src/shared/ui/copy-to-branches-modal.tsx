import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { allows } from '@salon/contract/rights-rules';
import { useAccounts } from '../accounts/accounts-query';
import type { Branch } from '../accounts/branch';
import { useSession } from '../session/use-session';

// What a feature copies (a template, a loyalty action): its key resets the form between subjects.
export interface CopySubject {
  key: string | number;
  title: string;
}

// The modal's words, in the calling feature's namespace.
export interface CopyToBranchesTexts {
  title: string;
  text: (title: string) => string;
  all: string;
  none: string;
  submit: (count: number) => string;
  cancel: string;
  close: string;
}

export interface CopyToBranchesModalProps<S extends CopySubject> {
  subject: S | null;
  texts: CopyToBranchesTexts;
  pending: boolean;
  // Copies the subject into the chosen branches; `done` closes the modal after a success.
  onCopy: (subject: S, accIds: number[], done: () => void) => void;
  onClose: () => void;
  // A further condition on the target branches (the AI settings go only where the module is on).
  eligible?: (branch: Branch) => boolean;
}

// The user's other branches that have templates and loyalty (send-out accounts do not, SPEC 6) and
// where they may edit them (the server copies all or nothing).
function useTargetBranches(eligible?: (branch: Branch) => boolean) {
  const { accId } = useSession();
  const accounts = useAccounts();
  return useMemo(
    () =>
      (accounts.data?.branches ?? []).filter(
        (branch) =>
          branch.accId !== accId &&
          !branch.isSynthetic &&
          !branch.sendOutAccount &&
          allows(branch.rights, 'editTemplates') &&
          (eligible?.(branch) ?? true),
      ),
    [accounts.data, accId, eligible],
  );
}

function CopyForm<S extends CopySubject>({
  subject,
  texts,
  pending,
  onCopy,
  onClose,
  eligible,
}: CopyToBranchesModalProps<S> & { subject: S }) {
  const branches = useTargetBranches(eligible);
  const [chosen, setChosen] = useState<number[]>([]);
  const all = branches.length > 0 && chosen.length === branches.length;

  if (branches.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm" data-testid="copy-no-branches">
          {texts.none}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {texts.close}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length > 0) onCopy(subject, chosen, onClose);
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
        <Text size="sm">{texts.text(subject.title)}</Text>
        <Checkbox
          label={texts.all}
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
          <Button variant="default" onClick={onClose} disabled={pending}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={chosen.length === 0} loading={pending} data-testid="copy-submit">
            {texts.submit(chosen.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Copies something of this branch into the user's other branches (templates, loyalty actions).
export function CopyToBranchesModal<S extends CopySubject>(props: CopyToBranchesModalProps<S>) {
  const { subject, texts, onClose } = props;
  return (
    <Modal opened={subject !== null} onClose={onClose} title={texts.title} centered data-testid="copy-modal">
      {subject && <CopyForm key={subject.key} {...props} subject={subject} />}
    </Modal>
  );
}
