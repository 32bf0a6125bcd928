import { useState } from 'react';
import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isBetweenTimeAllowed, MAX_BETWEEN_TIME, MIN_BETWEEN_TIME } from '@salon/contract/mailing-plan-rules';

interface BetweenTimeFieldProps {
  value: number;
  onChange: (value: string | number) => void;
}

// Seconds between two messages, 0..max (SPEC 5); what is typed is kept while it is being typed and
// clamped when the field is left.
export function BetweenTimeField({ value, onChange }: BetweenTimeFieldProps) {
  const { t } = useTranslation('mailing');
  const [typed, setTyped] = useState<string | number | null>(null);

  return (
    <NumberInput
      label={t('contents.betweenTime')}
      description={t('contents.betweenTimeHint', { max: MAX_BETWEEN_TIME })}
      value={typed ?? value}
      min={MIN_BETWEEN_TIME}
      max={MAX_BETWEEN_TIME}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix={` ${t('contents.seconds')}`}
      onChange={(next) => {
        setTyped(next);
        if (typeof next === 'number' && isBetweenTimeAllowed(next)) onChange(next);
      }}
      onBlur={() => {
        if (typed !== null) onChange(typed);
        setTyped(null);
      }}
      maw={260}
      data-testid="mailing-between-time"
    />
  );
}
