import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSendoutChoices } from '../api/get-sendout-choices';
import { useLocation } from 'react-router';
import { labelFromState, sendoutLabel } from '../stats-rows';

interface SendoutPickerProps {
  value: string | null;
  onChange: (sendoutId: string) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

// The send-out whose detail is shown: the newest ones, or those whose text holds the search.
export function SendoutPicker({ value, onChange }: SendoutPickerProps) {
  const { t, i18n } = useTranslation('mailing-stats');
  // Only what the user typed searches: the box also shows the chosen option's label, which Mantine
  // writes into the same search value.
  const [typed, setTyped] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The chosen send-out's label, kept for when the list offered no longer holds it.
  const linked = labelFromState(useLocation().state);
  const [chosen, setChosen] = useState(() => (linked !== null && value !== null ? { id: value, label: linked } : null));
  const text = typed === null ? '' : (debounced ?? '').trim();
  const choices = useSendoutChoices(text);
  const data = (choices.data ?? []).map((row) => ({
    value: row.id,
    label: sendoutLabel(row, i18n.language),
  }));
  // A send-out opened by a link may be older than the ones offered: it keeps a plain label.
  if (value !== null && !data.some((item) => item.value === value)) {
    const label = chosen?.id === value ? chosen.label : t('detail.sendoutNumber', { id: value });
    data.unshift({ value, label });
  }

  return (
    <Select
      label={t('detail.choose')}
      placeholder={t('detail.choosePlaceholder')}
      data={data}
      value={value}
      onChange={(next, option) => {
        setTyped(null);
        if (!next) return;
        if (option) setChosen({ id: next, label: option.label });
        onChange(next);
      }}
      searchable
      onInput={(event) => setTyped(event.currentTarget.value)}
      onDropdownClose={() => setTyped(null)}
      // The server has filtered already.
      filter={({ options }) => options}
      nothingFoundMessage={
        choices.isFetching ? t('loading') : text ? t('detail.noChoicesFound') : t('detail.noChoices')
      }
      allowDeselect={false}
      maxDropdownHeight={320}
      w={{ base: '100%', sm: 460 }}
      data-testid="detail-sendout"
    />
  );
}
