import type { FormEvent, ReactNode } from 'react';
import { Card, Stack, Text } from '@mantine/core';
import { AccessDeniedView } from '../../../shared/ui/access-denied-view';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryErrorView } from '../../../shared/ui/query-error-view';
import type { SettingsForm } from '../hooks/use-settings-form';
import { SaveBar } from './save-bar';
import { SettingsSkeleton } from './settings-skeleton';

interface SettingsPageFrameProps<TDraft extends object> {
  title: string;
  intro: string;
  // A "What is this?" link after the intro.
  help?: ReactNode;
  form: SettingsForm<TDraft>;
  children: (value: TDraft) => ReactNode;
}

// The page around every settings form: title, intro, and the SPEC 4 states — a skeleton while
// loading, the access-denied or error view, else the form with its save bar.
export function SettingsPageFrame<TDraft extends object>({
  title,
  intro,
  help,
  form,
  children,
}: SettingsPageFrameProps<TDraft>) {
  let body: ReactNode;
  if (form.state === 'accessDenied') body = <AccessDeniedView />;
  else if (form.state === 'loading') body = <SettingsSkeleton />;
  else if (form.value === null) body = <QueryErrorView error={form.loadError} onRetry={form.retry} />;
  else {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      form.submit();
    };
    body = (
      <form
        onSubmit={onSubmit}
        noValidate
        data-testid="settings-form"
        data-state={form.state}
        style={{ maxWidth: 760 }}
      >
        <Stack gap="md">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="lg">{children(form.value)}</Stack>
          </Card>
          <SaveBar form={form} />
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="md">
      <PageTitle video="settings">{title}</PageTitle>
      <Text size="sm" c="dimmed" mt={-8}>
        {intro} {help}
      </Text>
      {body}
    </Stack>
  );
}
