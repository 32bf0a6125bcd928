import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@salon/contract/constants';
import type { CardTypeWire } from '@salon/contract/loyalty';
import { formatMoney } from '../../../shared/i18n/format-money';
import {
  PLACEHOLDER_CARD,
  PLACEHOLDER_CARD_ID,
  bonusInput,
  interestInput,
  interestOnBlur,
  monthlyLimitInput,
  monthlyLimitOnBlur,
  rangeInput,
  setBonusType,
  setCardType,
  type ActionDraft,
  type ActionField,
  type CardsState,
} from '../loyalty-action-rules';
import { DigitField } from './digit-field';
import { SectionCard } from '../../../shared/ui/section-card';

interface BonusSectionProps {
  draft: ActionDraft;
  edit: (change: (draft: ActionDraft) => ActionDraft) => void;
  errorOf: (field: ActionField) => string | undefined;
  cards: { state: CardsState; list: readonly CardTypeWire[]; retry: () => void };
  minPrice: number | null;
  currency: Currency;
}

// SPEC 3/5: the bonus type, the CRM card type the bonuses go to, and what each side earns.
export function BonusSection({ draft, edit, errorOf, cards, minPrice, currency }: BonusSectionProps) {
  const { t } = useTranslation('invite-friends');
  const known = cards.list.some((card) => card.id === draft.cardType.id);
  const options = [
    { value: PLACEHOLDER_CARD_ID, label: t('cardType.none') },
    ...cards.list
      .filter((card) => card.id !== PLACEHOLDER_CARD_ID)
      .map((card) => ({ value: card.id, label: card.title })),
    // A saved card type the CRM no longer lists (or could not list) stays visible.
    ...(!known && draft.cardType.id !== PLACEHOLDER_CARD_ID
      ? [{ value: draft.cardType.id, label: draft.cardType.title }]
      : []),
  ];

  const pickCard = (id: string | null) => {
    const card = cards.list.find((c) => c.id === id);
    const next = card
      ? { id: card.id, title: card.title, salonGroupId: card.salon_group_id }
      : id === draft.cardType.id
        ? draft.cardType
        : PLACEHOLDER_CARD;
    edit((d) => setCardType(d, next));
  };

  return (
    <SectionCard title={t('editor.bonus.title')} description={t('editor.bonus.description')} testId="loyalty-bonus">
      <Select
        label={t('editor.bonus.type')}
        description={draft.bonusType === 'notSelected' ? undefined : t(`editor.bonus.${draft.bonusType}Hint`)}
        placeholder={t('bonusType.notSelected')}
        data={[
          { value: 'first_visit', label: t('bonusType.first_visit') },
          { value: 'percents', label: t('bonusType.percents') },
        ]}
        value={draft.bonusType === 'notSelected' ? null : draft.bonusType}
        onChange={(value) =>
          edit((d) => setBonusType(d, value === 'percents' || value === 'first_visit' ? value : 'notSelected'))
        }
        error={errorOf('bonusType')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', sm: 360 }}
        data-testid="loyalty-bonus-type"
      />

      <Stack gap={6}>
        <Select
          label={t('editor.bonus.cardType')}
          description={t('editor.bonus.cardTypeHint')}
          data={options}
          value={draft.cardType.id}
          onChange={pickCard}
          allowDeselect={false}
          disabled={cards.state !== 'ok'}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', sm: 360 }}
          data-testid="loyalty-card-type"
        />
        {cards.state === 'failed' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="cards-unavailable"
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{t('editor.bonus.cardsUnavailable')}</Text>
              <Button size="xs" variant="light" onClick={cards.retry}>
                {t('editor.bonus.retry')}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>

      {draft.bonusType !== 'notSelected' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {draft.bonusType === 'first_visit' ? (
            <DigitField
              label={t('editor.bonus.loyaltyPoints')}
              description={t('editor.bonus.loyaltyPointsHint')}
              value={draft.loyaltyPoints}
              input={bonusInput}
              onChange={(loyaltyPoints) => edit((d) => ({ ...d, loyaltyPoints }))}
              error={errorOf('loyaltyPoints')}
              required
              testId="loyalty-points"
            />
          ) : (
            <>
              <DigitField
                label={t('editor.bonus.interest')}
                description={t('editor.bonus.interestHint')}
                value={draft.interest}
                input={interestInput}
                onLeave={interestOnBlur}
                onChange={(interest) => edit((d) => ({ ...d, interest }))}
                error={errorOf('interest')}
                rightSection={<Text size="sm">%</Text>}
                required
                testId="loyalty-interest"
              />
              <DigitField
                label={t('editor.bonus.rangeOfVisits')}
                description={t('editor.bonus.rangeOfVisitsHint')}
                value={draft.rangeOfVisits}
                input={rangeInput}
                onChange={(rangeOfVisits) => edit((d) => ({ ...d, rangeOfVisits }))}
                error={errorOf('rangeOfVisits')}
                required
                testId="loyalty-range-of-visits"
              />
            </>
          )}
          <DigitField
            label={t('editor.bonus.newCustomerPoints')}
            description={t('editor.bonus.newCustomerPointsHint')}
            value={draft.newCustomerPoints}
            input={bonusInput}
            onLeave={(value) => (value === '' ? '0' : value)}
            onChange={(newCustomerPoints) => edit((d) => ({ ...d, newCustomerPoints }))}
            error={errorOf('newCustomerPoints')}
            testId="loyalty-new-customer-points"
          />
          <DigitField
            label={t('editor.bonus.monthlyLimit')}
            description={t('editor.bonus.monthlyLimitHint')}
            value={draft.monthlyLimit}
            input={monthlyLimitInput}
            onLeave={monthlyLimitOnBlur}
            onChange={(monthlyLimit) => edit((d) => ({ ...d, monthlyLimit }))}
            error={errorOf('monthlyLimit')}
            required
            testId="loyalty-monthly-limit"
          />
        </SimpleGrid>
      )}

      {minPrice !== null && (
        <Text size="sm" c="dimmed" data-testid="min-price-hint">
          <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
          {t('editor.bonus.minPrice', { price: formatMoney(minPrice, currency) })}
        </Text>
      )}
    </SectionCard>
  );
}
