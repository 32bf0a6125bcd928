import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../shared/config/public-config-query';

interface AgreementChecksProps {
  mandatory: boolean;
  optional: boolean;
  onMandatory: (checked: boolean) => void;
  onOptional: (checked: boolean) => void;
  // The refusal of a missing mandatory agreement, if any.
  error: string | undefined;
  // 'send-out' | 'auto-connect': the forms' test ids.
  testIdPrefix: string;
}

// The personal-data agreements of the onboarding forms (SPEC 3 agreements): the mandatory one with
// the privacy policy link, and the optional advertising one.
export function AgreementChecks({
  mandatory,
  optional,
  onMandatory,
  onOptional,
  error,
  testIdPrefix,
}: AgreementChecksProps) {
  const { t } = useTranslation('onboarding');
  const { data: config } = usePublicConfig();
  const privacy = config ? <Anchor href={config.privacy_url} target="_blank" rel="noreferrer" inherit /> : <span />;
  return (
    <Stack gap="xs">
      <Checkbox
        data-testid={`${testIdPrefix}-agreement-mandatory`}
        checked={mandatory}
        onChange={(event) => onMandatory(event.currentTarget.checked)}
        label={<Trans t={t} i18nKey="agreements.mandatory" components={{ privacy }} />}
        error={Boolean(error)}
      />
      {error && (
        <Text size="xs" c="red" role="alert" data-testid={`${testIdPrefix}-error-agreement`}>
          {error}
        </Text>
      )}
      <Checkbox
        data-testid={`${testIdPrefix}-agreement-optional`}
        checked={optional}
        onChange={(event) => onOptional(event.currentTarget.checked)}
        label={t('agreements.optional')}
      />
    </Stack>
  );
}
