import { Grid, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../shared/i18n/format-date-time';
import { loyaltyActionOptions } from '../../../shared/loyalty/loyalty-action-options';
import { useLoyaltyActions } from '../../../shared/loyalty/loyalty-actions-query';
import type { NewMailing } from '../hooks/use-new-mailing';
import { messageKeys } from '../message-rules';
import { BetweenTimeField } from './between-time-field';
import { MediaField } from './media-field';
import { MessageField } from './message-field';
import { MessagePreview } from './message-preview';

interface ContentsStepProps extends Pick<NewMailing, 'state' | 'dispatch'> {
  values: Readonly<Record<string, string>>;
  showProblems: boolean;
}

// Step 2 (SPEC 3 Mailing fields): the text with its keys and preview, a media file, an optional
// loyalty action, the time between messages and the daily limit.
export function ContentsStep({ state, dispatch, values, showProblems }: ContentsStepProps) {
  const { t, i18n } = useTranslation('mailing');
  const keys = messageKeys(state.parsed?.keys ?? [], state.loyaltyActionId);
  // The branch's invite-a-friend actions (GET /loyalty/loyalty_actions), id → title; a chosen one
  // the list no longer has stays by its number so it can be cleared.
  const chosen = state.loyaltyActionId === null ? null : Number(state.loyaltyActionId);
  const loyaltyActions = loyaltyActionOptions(
    useLoyaltyActions().data,
    Number.isInteger(chosen) ? chosen : null,
    (id) => `#${id}`,
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <MessageField
            value={state.text}
            onChange={(text) => dispatch({ type: 'text', text })}
            keys={keys}
            loyaltyActionId={state.loyaltyActionId}
            showEmpty={showProblems}
          />
          <MediaField media={state.media} onChange={(media) => dispatch({ type: 'media', media })} />
          {/* A branch without actions has nothing to offer: the select shows once it has one. */}
          {loyaltyActions.length > 0 && (
            <Select
              label={t('contents.loyaltyAction')}
              placeholder={t('contents.loyaltyActionNone')}
              data={loyaltyActions}
              value={state.loyaltyActionId}
              onChange={(id) => dispatch({ type: 'loyaltyAction', id })}
              clearable
              data-testid="mailing-loyalty-action"
            />
          )}
          <BetweenTimeField value={state.betweenTime} onChange={(value) => dispatch({ type: 'betweenTime', value })} />
          {state.parsed && (
            <Text size="sm" c="dimmed" data-testid="mailing-daily-limit">
              {t('contents.dailyLimit', {
                count: state.parsed.sendout_batch_len,
                limit: state.parsed.sendout_batch_len.toLocaleString(localeOf(i18n.language)),
              })}
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <MessagePreview text={state.text} values={values} mediaName={state.media?.name ?? null} />
      </Grid.Col>
    </Grid>
  );
}
