import { ActionIcon, Avatar, Burger, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { useCurrentBranch } from '../../shared/accounts/use-current-branch';
import { VideoHelpButton } from '../../shared/help/video-help-button';
import { LangSwitch } from '../../shared/i18n/lang-switch';
import { useSession } from '../../shared/session/use-session';
import { Logo } from '../../shared/ui/logo';
import { useLogout } from '../../features/auth/api/logout';
import { FeedbackButton } from '../../features/support/components/feedback-button';
import { IntegratorsButton } from '../../features/support/components/integrators-button';
import { HelpLinks } from './help-links';

interface AppHeaderProps {
  isMobile: boolean;
  menuOpened: boolean;
  onBurger: () => void;
}

export function AppHeader({ isMobile, menuOpened, onBurger }: AppHeaderProps) {
  const { t } = useTranslation('menu');
  const { user } = useSession();
  const accountsUser = useAccounts().data?.user;
  const branch = useCurrentBranch();
  const logout = useLogout();
  const name = accountsUser?.name ?? user?.name ?? '';
  const avatar = accountsUser?.avatar_url ?? user?.avatar_url ?? null;
  // Below Mantine's xl (1408 px) the header has no room for every label: the video instructions
  // become an icon and the user's name is left to the avatar's tooltip.
  const roomy = useMediaQuery('(min-width: 88em)') ?? false;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {isMobile && (
          <Burger opened={menuOpened} onClick={onBurger} size="sm" aria-label={t('open')} data-testid="menu-burger" />
        )}
        <UnstyledButton
          component={Link}
          to={branch ? `/main?accId=${branch.accId}` : '/accounts'}
          aria-label={t('home')}
        >
          <Logo compact />
        </UnstyledButton>
      </Group>
      <Group gap="md" wrap="nowrap">
        <HelpLinks direction="row" visibleFrom="lg" />
        <VideoHelpButton variant={roomy ? 'button' : 'icon'} visibleFrom="sm" testId="header-video-button" />
        <IntegratorsButton place="header" />
        <FeedbackButton place="header" />
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} visibleFrom="xl" lineClamp={1} maw={180} data-testid="user-name">
            {name}
          </Text>
          <Tooltip label={name} disabled={roomy || name === ''}>
            <Avatar src={avatar} name={name} size={32} color="initials" alt={name} />
          </Tooltip>
        </Group>
        <LangSwitch />
        <Tooltip label={t('header.logout')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            aria-label={t('header.logout')}
            data-testid="logout"
          >
            <IconLogout size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
