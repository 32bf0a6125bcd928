import { useState } from 'react';
import { Affix, Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../shared/config/public-config-query';
import { statusMessageKey } from '../../../shared/api/error-message';
import { showToast } from '../../../shared/toast/show-toast';
import { useAcceptAgreements } from '../api/accept-agreements';

// The personal-data agreement bar (SPEC 5): accept stays disabled until the mandatory box is ticked.
export function AgreementBar() {
  const { t } = useTranslation(['accounts', 'errors']);
  const { data: config } = usePublicConfig();
  const [mandatory, setMandatory] = useState(false);
  const [optional, setOptional] = useState(false);
  const accept = useAcceptAgreements();

  const privacy = config ? <Anchor href={config.privacy_url} target="_blank" rel="noreferrer" inherit /> : <span />;

  return (
    <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={300}>
      <Paper
        data-testid="agreement-bar"
        shadow="md"
        p="md"
        radius={0}
        withBorder
        role="region"
        aria-label={t('accounts:agreements.title')}
      >
        <Stack gap="xs" maw={960} mx="auto">
          <Text fw={600}>{t('accounts:agreements.title')}</Text>
          <Checkbox
            data-testid="agreement-mandatory"
            checked={mandatory}
            onChange={(event) => setMandatory(event.currentTarget.checked)}
            label={<Trans t={t} i18nKey="accounts:agreements.mandatory" components={{ privacy }} />}
          />
          <Checkbox
            data-testid="agreement-optional"
            checked={optional}
            onChange={(event) => setOptional(event.currentTarget.checked)}
            label={t('accounts:agreements.optional')}
          />
          <Group justify="flex-end">
            <Button
              data-testid="agreement-accept"
              disabled={!mandatory}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(optional, {
                  onSuccess: () => showToast('success', t('accounts:agreements.saved')),
                  onError: (error) => showToast('error', t(`errors:${statusMessageKey(error)}`)),
                })
              }
            >
              {t('accounts:agreements.accept')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
