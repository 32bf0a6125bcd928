import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_SITES, REVIEW_SITE_KINDS, REVIEW_URL_MAX, type ReviewSiteKind } from '@salon/contract/reviews';
import { addSite, type ChainDraft, type ChainProblems } from '../review-chain-rules';
import type { ChainEditor } from '../hooks/use-chain-editor';
import { SectionCard } from '../../../shared/ui/section-card';

interface ReviewSitesSectionProps {
  draft: ChainDraft;
  edit: ChainEditor['edit'];
  problems: ChainProblems;
  errorText: (code: string | undefined) => string | undefined;
}

// Where {review_link} and {tips_link} lead (branch-wide: every chain and template of the branch).
export function ReviewSitesSection({ draft, edit, problems, errorText }: ReviewSitesSectionProps) {
  const { t } = useTranslation('reviews');
  const setSite = (index: number, patch: { kind?: ReviewSiteKind; url?: string }) =>
    edit((d) => ({ ...d, sites: d.sites.map((site, i) => (i === index ? { ...site, ...patch } : site)) }));
  return (
    <SectionCard title={t('sites.title')} description={t('sites.hint')} testId="section-sites">
      {draft.sites.length === 0 && (
        <Text size="sm" c="orange.8" data-testid="sites-empty">
          {t('sites.empty')}
        </Text>
      )}
      <Stack gap="sm">
        {draft.sites.map((site, index) => (
          <Group key={site.key} gap="sm" align="flex-start" wrap="wrap" data-testid={`site-${index}`}>
            <Select
              aria-label={t('sites.kind')}
              data={REVIEW_SITE_KINDS.map((kind) => ({ value: kind, label: t(`sites.kinds.${kind}`) }))}
              value={site.kind}
              onChange={(value) => value && setSite(index, { kind: value as ReviewSiteKind })}
              allowDeselect={false}
              w={{ base: '100%', xs: 190 }}
              comboboxProps={{ withinPortal: true }}
              data-testid={`site-kind-${index}`}
            />
            <TextInput
              aria-label={t('sites.url')}
              placeholder="https://yandex.ru/maps/org/…"
              value={site.url}
              onChange={(event) => setSite(index, { url: event.currentTarget.value })}
              maxLength={REVIEW_URL_MAX}
              type="url"
              inputMode="url"
              error={errorText(problems[`site.${index}`])}
              style={{ flex: '1 1 240px' }}
              data-testid={`site-url-${index}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => edit((d) => ({ ...d, sites: d.sites.filter((_, i) => i !== index) }))}
              aria-label={t('sites.remove', { kind: t(`sites.kinds.${site.kind}`) })}
              data-testid={`site-remove-${index}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {problems.sites && (
        <Text size="xs" c="red.7">
          {errorText(problems.sites)}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => edit(addSite)}
          disabled={draft.sites.length >= MAX_REVIEW_SITES}
          data-testid="site-add"
        >
          {t('sites.add')}
        </Button>
      </Group>
    </SectionCard>
  );
}
