import { useState, type KeyboardEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  addButtonState,
  addsOnEnter,
  isValidBlacklistPhone,
  sanitizeBlacklistInput,
  type BlacklistAction,
} from '../blacklist-rules';

interface BlacklistAddBoxProps {
  listed: ReadonlySet<string>;
  pending: ReadonlyMap<string, BlacklistAction>;
  // onAdded: the number is on the list (or already was); the box empties.
  onAdd: (phone: string, onAdded: () => void) => void;
  onRemove: (phone: string) => void;
}

// SPEC 5: digits only; Enter adds a valid number; the button is disabled while adding or for an
// invalid number, and turns into "remove" for a number already listed.
export function BlacklistAddBox({ listed, pending, onAdd, onRemove }: BlacklistAddBoxProps) {
  const { t } = useTranslation('blacklist');
  const [value, setValue] = useState('');
  // Enter on an invalid number explains why nothing happened.
  const [tried, setTried] = useState(false);
  const busy = pending.has(value);
  const button = addButtonState(value, listed, busy);

  const add = () => {
    const phone = value;
    onAdd(phone, () => setValue((current) => (current === phone ? '' : current)));
  };
  const act = () => {
    if (button.disabled) return;
    if (button.mode === 'remove') onRemove(value);
    else add();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (addsOnEnter(value, listed, busy)) add();
    else if (!isValidBlacklistPhone(value)) setTried(true);
  };

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        style={{ flex: '1 1 240px' }}
        label={t('add.label')}
        description={t('add.hint')}
        placeholder="79991234567"
        value={value}
        onChange={(event) => {
          setValue(sanitizeBlacklistInput(event.currentTarget.value));
          setTried(false);
        }}
        onKeyDown={onKeyDown}
        inputMode="numeric"
        autoComplete="off"
        error={tried && !isValidBlacklistPhone(value) ? t('add.invalid') : undefined}
        data-testid="blacklist-input"
      />
      <Button
        mt={{ base: 0, xs: 46 }}
        color={button.mode === 'remove' ? 'red' : undefined}
        variant={button.mode === 'remove' ? 'light' : 'filled'}
        leftSection={
          button.mode === 'remove' ? <IconTrash size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
        }
        disabled={button.disabled}
        loading={busy}
        onClick={act}
        data-testid="blacklist-add"
        data-mode={button.mode}
      >
        {t(button.mode === 'remove' ? 'add.remove' : 'add.submit')}
      </Button>
    </Group>
  );
}
