import { Button, CopyButton, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { promoUrlForDisplay } from '@salon/contract/partners-rules';
import type { PromoLinkData } from './use-promo-link';

export const INVITATION_TEXTS = ['short', 'friendly', 'business', 'messenger'] as const;

// SPEC 2 Invitation texts: ready texts with the promo link and bonus days put in, each to copy.
export function InvitationTexts({ link }: { link: PromoLinkData }) {
  const { t } = useTranslation('partners');
  // The readable form of a punycode domain (SPEC 9); a messenger turns it back into the same link.
  const url = promoUrlForDisplay(link.url);
  const bonus = link.bonusDays > 0 ? t('texts.bonus', { count: link.bonusDays }) : t('texts.noBonus');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="invitation-texts">
      {INVITATION_TEXTS.map((kind) => {
        const text = t(`texts.items.${kind}.text`, { url, bonus, code: link.code });
        return (
          <Paper key={kind} withBorder radius="md" p="md" data-testid={`invitation-text-${kind}`}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap={6}>
                <Title order={3} size="h5">
                  {t(`texts.items.${kind}.title`)}
                </Title>
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  data-testid="invitation-text-body"
                >
                  {text}
                </Text>
              </Stack>
              <CopyButton value={text}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                    style={{ alignSelf: 'flex-start' }}
                    data-testid={`invitation-text-${kind}-copy`}
                  >
                    {copied ? t('common.copied') : t('texts.copy')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
