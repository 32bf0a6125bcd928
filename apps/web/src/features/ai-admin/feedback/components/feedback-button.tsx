import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeedbackModal } from './feedback-modal';

// Opens the AI administrator's feedback form (page headers of conversations and statistics).
export function FeedbackButton() {
  const { t } = useTranslation('ai-stats');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconMessageReport size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="ai-feedback-open"
      >
        {t('feedback.open')}
      </Button>
      <FeedbackModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
