import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../shared/session/use-session';

// SPEC 4 unsaved-file flag: new files take effect with the next settings save.
export function UnsavedFilesNotice() {
  const { t } = useTranslation('ai-files');
  const { accId } = useSession();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('unsaved.title')}
      data-testid="ai-files-unsaved"
    >
      <Text size="sm">{t('unsaved.text')}</Text>
      <Anchor component={Link} to={`/ai_admin_settings?accId=${accId ?? ''}`} size="sm" fw={500}>
        {t('unsaved.link')}
      </Anchor>
    </Alert>
  );
}
