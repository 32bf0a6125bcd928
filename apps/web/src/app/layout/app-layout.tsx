import { Suspense, useEffect } from 'react';
import { AppShell, Box, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '@salon/contract/constants';
import { useAccounts } from '../../shared/accounts/accounts-query';
import { useAccountLanguage } from '../../shared/i18n/use-account-language';
import { PageSkeleton } from '../../shared/ui/page-skeleton';
import { Logo } from '../../shared/ui/logo';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { AgreementBar } from '../../features/accounts/components/agreement-bar';
import { useSessionRecheck } from '../../features/auth/hooks/use-session-recheck';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppMenu } from './app-menu';
import { LayoutBanners } from './layout-banners';

// The cabinet shell: header, menu (navbar, or a drawer under 640 px), banners, page, footer.
export function AppLayout() {
  const { t } = useTranslation('menu');
  const isMobile = useIsMobile();
  const [drawerOpened, drawer] = useDisclosure(false);
  const location = useLocation();
  const agreements = useAccounts().data?.agreements;
  const showAgreementBar = agreements !== undefined && !agreements.mandatory_agreement;
  useSessionRecheck();
  useAccountLanguage();

  // The drawer closes on navigation (and when the window grows past the breakpoint).
  // `close` is stable; the handlers object around it is not.
  const closeDrawer = drawer.close;
  useEffect(() => {
    closeDrawer();
  }, [location.pathname, location.search, isMobile, closeDrawer]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header data-testid="app-header">
        <AppHeader isMobile={isMobile} menuOpened={drawerOpened} onBurger={drawer.toggle} />
      </AppShell.Header>
      {!isMobile && (
        <AppShell.Navbar p="sm">
          <AppMenu />
        </AppShell.Navbar>
      )}
      {isMobile && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size="85%"
          title={<Logo />}
          padding="sm"
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          <AppMenu />
        </Drawer>
      )}
      <AppShell.Main>
        <Stack gap="md" maw={1280} mx="auto">
          <LayoutBanners />
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Stack>
        <AppFooter />
        {/* Keeps the footer clear of the fixed agreement bar. */}
        {showAgreementBar && <Box h={220} />}
      </AppShell.Main>
      {showAgreementBar && <AgreementBar />}
    </AppShell>
  );
}
