import { Anchor, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStartPageLink } from '../api/get-start-page-link';

// The branch's booking start page (SPEC 2 /start_page): the owner copies the link into the
// booking form. Hidden for those who may not see it, or while it loads.
export function StartPageLinkCard({ accId }: { accId: number | null }) {
  const { t } = useTranslation('start-page');
  const link = useStartPageLink(accId);
  if (!link.data) return null;
  const { url } = link.data;
  return (
    <Card withBorder radius="md" padding="lg" maw={760} data-testid="start-page-link-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settingsCard.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settingsCard.text')}
        </Text>
        <TextInput
          readOnly
          value={url}
          aria-label={t('settingsCard.title')}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="start-page-link-url"
        />
        <Group gap="sm" wrap="wrap">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
                data-testid="start-page-link-copy"
              >
                {copied ? t('settingsCard.copied') : t('settingsCard.copy')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm" data-testid="start-page-link-open">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={16} aria-hidden />
              {t('settingsCard.open')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
