import { Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { ToastHost } from '../../shared/toast/toast-host';
import { theme } from '../theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
