import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FeedbackModal = lazy(() => import('./feedback-modal').then((m) => ({ default: m.FeedbackModal })));

// The feedback entry (SPEC 2 "feedback modal"): an icon in the header, a labelled button in the
// mobile menu. It shows once the support texts are loaded, without holding up the header.
export function FeedbackButton({ place }: { place: 'header' | 'menu' }) {
  return (
    <Suspense fallback={null}>
      <FeedbackButtonBody place={place} />
    </Suspense>
  );
}

function FeedbackButtonBody({ place }: { place: 'header' | 'menu' }) {
  const { t } = useTranslation('support');
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  const label = t('feedback.button');
  return (
    <>
      {place === 'header' ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={open}
          title={label}
          aria-label={label}
          aria-haspopup="dialog"
          visibleFrom="sm"
          data-testid="feedback-button"
        >
          <IconMessageCircle size={20} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconMessageCircle size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          hiddenFrom="sm"
          data-testid="menu-feedback-button"
        >
          {label}
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <FeedbackModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
