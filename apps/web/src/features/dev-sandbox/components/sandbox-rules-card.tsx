import { Card, Code, List, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { SANDBOX_2FA_PASSWORD } from '../sandbox-rules';

// The sandbox's people and their rules (the server's sandbox rules).
export function SandboxRulesCard() {
  const { t } = useTranslation('dev-sandbox');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="sandbox-rules">
      <Title order={2} size="h4" mb="xs">
        {t('rules.title')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          <Trans t={t} i18nKey="rules.none" components={{ code: <Code /> }} />
        </List.Item>
        <List.Item>
          <Trans t={t} i18nKey="rules.tgOnly" components={{ code: <Code /> }} />
        </List.Item>
        <List.Item>
          <Trans t={t} i18nKey="rules.waOnly" components={{ code: <Code /> }} />
        </List.Item>
        <List.Item>
          <Trans
            t={t}
            i18nKey="rules.twoFactor"
            values={{ password: SANDBOX_2FA_PASSWORD }}
            components={{ code: <Code /> }}
          />
        </List.Item>
        <List.Item>{t('rules.loginCode')}</List.Item>
        <List.Item>{t('rules.sms')}</List.Item>
        <List.Item>{t('rules.bots')}</List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        {t('rules.refresh')}
      </Text>
    </Card>
  );
}
