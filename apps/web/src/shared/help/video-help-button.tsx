import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, type MantineBreakpoint } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VideoSection } from '@salon/contract/video-instructions';

// The modal (and its player) loads on the first click: the login page has little JS budget left.
const VideoInstructionsModal = lazy(() =>
  import('./video-instructions-modal').then((module) => ({ default: module.VideoInstructionsModal })),
);

interface VideoHelpButtonProps {
  // The section the video starts at; none: the start of the video.
  section?: VideoSection;
  // A small icon beside a page title, or a labelled button (header, mobile menu).
  variant?: 'icon' | 'button';
  visibleFrom?: MantineBreakpoint;
  hiddenFrom?: MantineBreakpoint;
  testId?: string;
}

// Opens the video instruction (SPEC 2 "Other elements", SPEC 9). It shows once the help texts are
// loaded, without holding up the header or the page around it.
export function VideoHelpButton(props: VideoHelpButtonProps) {
  return (
    <Suspense fallback={null}>
      <VideoHelpButtonBody {...props} />
    </Suspense>
  );
}

function VideoHelpButtonBody({ section, variant = 'icon', testId, ...visibility }: VideoHelpButtonProps) {
  const { t } = useTranslation('help');
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on (0: never opened), so that closing keeps Mantine's transition.
  const [opening, setOpening] = useState(0);
  const open = () => {
    setOpening((n) => n + 1);
    setOpened(true);
  };
  const label = section ? t('video.open', { section: t(`video.section.${section}`) }) : t('video.button');
  return (
    <>
      {variant === 'icon' ? (
        // A native title, not Mantine's Tooltip: the login page has no room for the floating layer.
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          onClick={open}
          title={label}
          aria-label={label}
          aria-haspopup="dialog"
          data-testid={testId ?? `video-help${section ? `-${section}` : ''}`}
          {...visibility}
        >
          <IconVideo size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconVideo size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          data-testid={testId ?? 'video-instructions-button'}
          {...visibility}
        >
          {t('video.button')}
        </Button>
      )}
      {opening > 0 && (
        <Suspense fallback={null}>
          <VideoInstructionsModal
            opened={opened}
            onClose={() => setOpened(false)}
            section={section}
            opening={opening}
          />
        </Suspense>
      )}
    </>
  );
}
