import { useState } from 'react';
import { Anchor, AspectRatio, Group, Modal, NavLink, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_SECTION_START,
  VIDEO_SECTIONS,
  videoEmbedAt,
  videoLinkAt,
  type VideoSection,
} from '@salon/contract/video-instructions';
import { usePublicConfig } from '../config/public-config-query';
import { useIsMobile } from '../ui/use-is-mobile';

interface VideoInstructionsModalProps {
  opened: boolean;
  onClose: () => void;
  section?: VideoSection;
  // Bumped on every opening: the player starts again at `section`.
  opening: number;
}

// 75 → "1:15", 3725 → "1:02:05".
export function formatStart(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// The video instruction: the player at the chosen section's start, the new-tab link, the sections.
export function VideoInstructionsModal({ opened, onClose, section, opening }: VideoInstructionsModalProps) {
  const { t } = useTranslation('help');
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('video.title')}
      size={960}
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="video-modal"
    >
      <VideoInstructions key={opening} section={section} />
    </Modal>
  );
}

function VideoInstructions({ section }: { section: VideoSection | undefined }) {
  const { t } = useTranslation('help');
  const url = usePublicConfig().data?.video_instructions_url ?? '';
  const [current, setCurrent] = useState<VideoSection | undefined>(section);
  const start = current ? VIDEO_SECTION_START[current] : 0;
  const embed = url ? videoEmbedAt(url, start) : null;
  const link = url ? videoLinkAt(url, start) : '';
  const playerTitle = current ? t('video.player', { section: t(`video.section.${current}`) }) : t('video.playerAll');

  return (
    <Stack gap="md">
      {embed ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={embed}
            title={playerTitle}
            loading="lazy"
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0 }}
            data-testid="video-player"
          />
        </AspectRatio>
      ) : (
        <Text size="sm" c="dimmed" data-testid="video-no-player">
          {url ? t('video.noPlayer') : t('video.noVideo')}
        </Text>
      )}
      {link && (
        <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" data-testid="video-new-tab">
          <Group gap={4} wrap="nowrap" component="span">
            <IconExternalLink size={16} aria-hidden />
            {t('video.newTab')}
          </Group>
        </Anchor>
      )}
      <Text fw={600} size="sm" id="video-sections-label">
        {t('video.sections')}
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing={4}
        verticalSpacing={2}
        component="nav"
        aria-labelledby="video-sections-label"
      >
        {VIDEO_SECTIONS.map((key) => (
          <NavLink
            key={key}
            component="button"
            type="button"
            active={key === current}
            aria-current={key === current ? 'true' : undefined}
            onClick={() => setCurrent(key)}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            label={t(`video.section.${key}`)}
            rightSection={
              <Text
                size="xs"
                c="dimmed"
                aria-label={t('video.startsAt', { time: formatStart(VIDEO_SECTION_START[key]) })}
              >
                {formatStart(VIDEO_SECTION_START[key])}
              </Text>
            }
            data-testid={`video-section-${key}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
