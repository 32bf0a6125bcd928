import { Suspense, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import { useAccounts } from '../../../shared/accounts/accounts-query';
import type { Branch } from '../../../shared/accounts/branch';
import { useCurrentBranch } from '../../../shared/accounts/use-current-branch';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { LazyMarkdownText } from '../../../shared/ui/lazy-markdown-text';
import { useRecordWaBlockedShown } from '../api/record-wa-blocked-shown';
import { shouldShowWaBlocked } from '../wa-blocked-rules';

// The WhatsApp-disable modal (SPEC 2 "Other elements", SPEC 7 info block wa_blocked): why WhatsApp
// numbers get restricted and which channels to add. Closing it in any way counts the showing, so
// the user sees it once; the layout mounts it only on branch pages.
export function WaBlockedModal() {
  const branch = useCurrentBranch();
  const count = useAccounts().data?.user.info_block_count ?? null;
  const record = useRecordWaBlockedShown();
  // Hidden at once on close; the server's count keeps it hidden after a reload.
  const [closed, setClosed] = useState(false);
  if (!branch || closed || !shouldShowWaBlocked(branch, count)) return null;
  const close = () => {
    setClosed(true);
    record.mutate();
  };
  // The texts load with the modal, not with every page.
  return (
    <Suspense fallback={null}>
      <WaBlockedDialog branch={branch} onClose={close} />
    </Suspense>
  );
}

function WaBlockedDialog({ branch, onClose: close }: { branch: Branch; onClose: () => void }) {
  const { t } = useTranslation('help');
  const isMobile = useIsMobile();
  const may = (right: 'connection' | 'settings') => allows(branch.rights, right);
  const accId = branch.accId;
  return (
    <Modal
      opened
      onClose={close}
      title={t('waBlocked.title')}
      size="lg"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="wa-blocked-modal"
    >
      <Stack gap="md">
        <Text size="sm" fw={500}>
          {t('waBlocked.intro', { branch: branch.name })}
        </Text>
        <LazyMarkdownText>{t('waBlocked.text')}</LazyMarkdownText>
        <Group gap="sm" justify="flex-end" wrap="wrap">
          {may('connection') && (
            <Button component={Link} to={`/connection?accId=${accId}`} variant="light" onClick={close}>
              {t('waBlocked.connect')}
            </Button>
          )}
          {may('settings') && (
            <>
              <Button component={Link} to={`/sms?accId=${accId}`} variant="light" onClick={close}>
                {t('waBlocked.sms')}
              </Button>
              <Button
                component={Link}
                to={`/channel_priority?accId=${accId}`}
                variant="light"
                onClick={close}
                data-testid="wa-blocked-priority"
              >
                {t('waBlocked.priority')}
              </Button>
            </>
          )}
          <Button onClick={close} data-testid="wa-blocked-got-it">
            {t('waBlocked.gotIt')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
