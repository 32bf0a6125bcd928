import { Alert, Code, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { PARTNER_LINK_PLACEHOLDER } from '@salon/contract/loyalty';

// How a client gets a personal link (SPEC 3 Add-action variable): the action is offered by a
// template or a send-out, and only a text with {partner_link} carries the link.
export function PartnerLinkNote() {
  const { t } = useTranslation('invite-friends');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLink size={18} aria-hidden />}
      title={t('partnerLink.title')}
      data-testid="partner-link-note"
    >
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="partnerLink.text"
          values={{ placeholder: PARTNER_LINK_PLACEHOLDER }}
          components={{ code: <Code /> }}
        />
      </Text>
    </Alert>
  );
}
