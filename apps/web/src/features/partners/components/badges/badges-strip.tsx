import { Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAward, IconCrown, IconLock, IconStar, IconTrophy } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PartnerAward } from '@salon/contract/partners-rules';
import { SectionCard } from '../../../../shared/ui/section-card';
import { badgeView, type BadgeStep, type PartnerType } from '../../badge-rules';
import { useBadges } from '../../api/get-badges';

const AWARD_ICONS: Record<PartnerAward, typeof IconStar> = { x2: IconTrophy, star: IconStar, leader: IconCrown };

// What a step asks for: joining, a first lead (consultants), or a number of paying salons.
function stepCondition(step: BadgeStep, t: TFunction<'partners'>): string {
  if (step.name === 'firstLead') return t('badges.leadCondition');
  if (step.paidClients === 0) return t('badges.start');
  return t('badges.threshold', { count: step.paidClients });
}

// SPEC 3 Badges: every step with reached or not, the current status, and the awards on top.
export function BadgesStrip({ code, partnerType }: { code: string | null; partnerType: PartnerType }) {
  const { t } = useTranslation('partners');
  const badges = useBadges(code, partnerType);
  // The badges are a bonus on the page: a failed load hides them instead of blocking the terms.
  if (badges.isError) return null;
  if (!badges.data) return <Skeleton height={150} radius="md" data-testid="partner-badges-skeleton" />;
  const view = badgeView(badges.data, partnerType);
  return (
    <SectionCard
      title={t('badges.title')}
      description={
        view.next
          ? t('badges.next', { count: view.next.missing, badge: t(`badges.names.${view.next.name}`) })
          : t('badges.allReached')
      }
      aside={
        <Group gap="xs">
          <Badge size="lg" variant="filled" data-testid="partner-status">
            {t(`badges.names.${view.status}`)}
          </Badge>
          {view.awards.map((award) => {
            const Icon = AWARD_ICONS[award];
            return (
              <Tooltip key={award} label={t(`badges.awardHints.${award}`)} withArrow multiline w={240}>
                <Badge
                  size="lg"
                  variant="light"
                  color="yellow"
                  leftSection={<Icon size={14} aria-hidden />}
                  data-testid={`partner-award-${award}`}
                >
                  {t(`badges.awards.${award}`)}
                </Badge>
              </Tooltip>
            );
          })}
        </Group>
      }
      testId="partner-badges"
    >
      <Group gap="sm" wrap="wrap" align="stretch" role="list">
        {view.steps.map((step) => (
          <Paper
            key={step.name}
            role="listitem"
            withBorder
            radius="md"
            p="xs"
            w={{ base: 'calc(50% - 6px)', xs: 130 }}
            data-testid={`partner-badge-${step.name}`}
            data-reached={step.reached ? 'true' : 'false'}
            data-current={step.current ? 'true' : undefined}
            style={{
              opacity: step.reached ? 1 : 0.55,
              borderColor: step.current ? 'var(--mantine-primary-color-filled)' : undefined,
            }}
          >
            <Stack gap={4} align="center">
              <ThemeIcon
                variant={step.reached ? 'filled' : 'light'}
                color={step.reached ? undefined : 'gray'}
                radius="xl"
              >
                {step.reached ? <IconAward size={16} aria-hidden /> : <IconLock size={16} aria-hidden />}
              </ThemeIcon>
              <Text size="sm" fw={600} ta="center">
                {t(`badges.names.${step.name}`)}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {stepCondition(step, t)}
              </Text>
              <VisuallyHidden>{step.reached ? t('badges.reached') : t('badges.notReached')}</VisuallyHidden>
            </Stack>
          </Paper>
        ))}
      </Group>
    </SectionCard>
  );
}
