import { Box, Divider, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { allows } from '@salon/contract/rights-rules';
import { usePriorityChannelsAvailable } from '../../features/settings/api/get-priority-channel';
import { FeedbackButton } from '../../features/support/components/feedback-button';
import { IntegratorsButton } from '../../features/support/components/integrators-button';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { useCurrentBranch } from '../../shared/accounts/use-current-branch';
import { VideoHelpButton } from '../../shared/help/video-help-button';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { useCurrentRoute } from '../router/use-current-route';
import { BranchSelector } from './branch-selector';
import { HelpLinks } from './help-links';
import { MenuLink } from './menu-link';
import { visibleMenu } from './menu-model';

// The left menu (SPEC 2 "Layout", SPEC 6 "Menu"): a navbar on desktop, a drawer under 640 px.
export function AppMenu() {
  const { t } = useTranslation('menu');
  const { data: accounts } = useAccounts();
  const branch = useCurrentBranch();
  const isMobile = useIsMobile();
  const current = useCurrentRoute().id;
  // SPEC 6: channel priority shows only with more than one channel that has priority data; only
  // users who pass the settings guard may ask.
  const mayReadSettings = branch !== null && !branch.isSynthetic && allows(branch.rights, 'settings');
  const priority = usePriorityChannelsAvailable(branch?.accId ?? null, mayReadSettings);
  if (!accounts) return null;

  const entries = visibleMenu({
    branch,
    isSalon: accounts.isSalon,
    isConsultant: accounts.isConsultant,
    isMobile,
    priorityChannelCount: priority.data?.length ?? 0,
  });
  const accId = branch?.accId ?? null;

  return (
    <Stack gap="sm" h="100%" data-testid="app-menu">
      <BranchSelector accounts={accounts} branch={branch} />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Box component="nav" aria-label={t('label')}>
          {entries.map((entry) => (
            <MenuLink key={entry.key} entry={entry} accId={accId} current={current} />
          ))}
        </Box>
      </ScrollArea>
      <Box hiddenFrom="lg">
        <Divider mb="sm" />
        <Stack gap="sm" px="xs" pb="xs">
          <IntegratorsButton place="menu" />
          <FeedbackButton place="menu" />
          <VideoHelpButton variant="button" hiddenFrom="sm" testId="menu-video-button" />
          <HelpLinks direction="column" />
        </Stack>
      </Box>
    </Stack>
  );
}
