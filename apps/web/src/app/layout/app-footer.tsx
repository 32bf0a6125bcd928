import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../shared/config/public-config-query';

// SPEC 2 "Footer": privacy, offer, refund and landing links from the server's public config.
export function AppFooter() {
  const { t } = useTranslation('menu');
  const { data: config } = usePublicConfig();
  if (!config) return null;
  const links = [
    { key: 'privacy', href: config.privacy_url, label: t('footer.privacy') },
    { key: 'offer', href: config.offer_url, label: t('footer.offer') },
    { key: 'refund', href: config.refund_url, label: t('footer.refund') },
    { key: 'landing', href: config.landing_url, label: t('footer.landing') },
  ];
  return (
    <Group
      component="footer"
      gap="lg"
      justify="center"
      py="lg"
      mt="xl"
      data-testid="app-footer"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      {links.map((link) => (
        <Anchor key={link.key} href={link.href} target="_blank" rel="noreferrer" size="sm" c="dimmed">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
