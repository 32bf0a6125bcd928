import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../../shared/ui/error-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { isUnknownLink, useStartPageInfo } from '../api/get-start-page-info';
import { StartPageForm } from '../components/start-page-form';
import { StartPageFailed, StartPageSuccess, StartPageUnknownLink } from '../components/start-page-results';
import { useStartPageForm } from '../hooks/use-start-page-form';
import { linkParamsOf, type StartPageLinkParams } from '../start-page-rules';

// SPEC 4: a messenger chat opens in the same window.
const goTo = (url: string) => window.location.assign(url);

// /start_page (SPEC 2, a page without menu): the salon's booking form sends a client here to leave
// a name and a phone; the salon greets them on WhatsApp or calls back.
export function StartPage() {
  const [params] = useSearchParams();
  const link = linkParamsOf(params);
  return (
    <Stack gap="lg" maw={480} mx="auto" data-testid="start-page">
      {link ? <LinkedStartPage link={link} /> : <StartPageUnknownLink />}
    </Stack>
  );
}

function LinkedStartPage({ link }: { link: StartPageLinkParams }) {
  const { t } = useTranslation('start-page');
  const info = useStartPageInfo(link.branchId, link.formHash);
  const form = useStartPageForm(link, goTo);

  if (info.isPending) {
    return (
      <Stack gap="md" data-testid="start-page-loading">
        <Skeleton h={32} w="70%" />
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (info.isError) {
    return isUnknownLink(info.error) ? (
      <StartPageUnknownLink />
    ) : (
      <ErrorView message={t('loadFailed.title')} onRetry={() => void info.refetch()} />
    );
  }

  const { phase } = form;
  return (
    <>
      <div>
        <PageTitle>{t('title', { salon: info.data.salon_name })}</PageTitle>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('intro')}
        </Text>
      </div>
      {phase.kind === 'success' ? (
        <StartPageSuccess method={phase.method} onAgain={form.again} />
      ) : phase.kind === 'failed' ? (
        <StartPageFailed error={phase.error} onRetry={form.retry} pending={form.pending} />
      ) : (
        <StartPageForm
          state={form.state}
          errors={form.errors}
          pending={form.pending}
          set={form.set}
          submit={form.submit}
        />
      )}
    </>
  );
}
