import { Anchor, Group, Stack, type MantineBreakpoint } from '@mantine/core';
import { IconBook, IconBrandTelegram, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../shared/config/public-config-query';

interface HelpLinksProps {
  direction: 'row' | 'column';
  visibleFrom?: MantineBreakpoint;
  hiddenFrom?: MantineBreakpoint;
}

// Support Telegram, support phone and the knowledge base (SPEC 2 "Header").
export function HelpLinks({ direction, ...visibility }: HelpLinksProps) {
  const { t } = useTranslation('menu');
  const { data: config } = usePublicConfig();
  if (!config) return null;
  const Wrapper = direction === 'row' ? Group : Stack;
  return (
    <Wrapper gap={direction === 'row' ? 'md' : 6} wrap={direction === 'row' ? 'nowrap' : undefined} {...visibility}>
      <Anchor
        href={config.support_telegram_url}
        target="_blank"
        rel="noreferrer"
        size="sm"
        data-testid="support-telegram"
      >
        <Group gap={4} wrap="nowrap" component="span">
          <IconBrandTelegram size={16} aria-hidden />
          {t('header.support')}
        </Group>
      </Anchor>
      <Anchor href={`tel:${config.support_phone.replace(/[^\d+]/g, '')}`} size="sm" data-testid="support-phone">
        <Group gap={4} wrap="nowrap" component="span">
          <IconPhone size={16} aria-hidden />
          {config.support_phone}
        </Group>
      </Anchor>
      <Anchor href={config.knowledge_base_url} target="_blank" rel="noreferrer" size="sm" data-testid="knowledge-base">
        <Group gap={4} wrap="nowrap" component="span">
          <IconBook size={16} aria-hidden />
          {t('header.knowledgeBase')}
        </Group>
      </Anchor>
    </Wrapper>
  );
}
