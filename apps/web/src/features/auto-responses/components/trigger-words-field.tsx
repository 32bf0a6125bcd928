import { Pill, TagsInput, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_RESPONSE_MAX_WORDS, AUTO_RESPONSE_WORD_MAX_LENGTH } from '@salon/contract/auto-responses-rules';
import { cleanTriggerWords, wordsOf } from '../key-phrase-rules';

interface TriggerWordsFieldProps {
  words: string[];
  typed: string;
  onChange: (change: { words?: string[]; typed?: string }) => void;
  error?: string | undefined;
  readOnly: boolean;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
}

// The trigger words as chips: Enter, a comma or a semicolon makes a chip of what is typed,
// Backspace in an empty field removes the last one; pasted lists are split the same way.
export function TriggerWordsField({
  words,
  typed,
  onChange,
  error,
  readOnly,
  testId,
  inputRef,
}: TriggerWordsFieldProps) {
  const { t } = useTranslation('auto-responses');
  const count = wordsOf({ words, wordInput: typed }).length;
  return (
    <div>
      <TagsInput
        ref={inputRef}
        label={t('words.label')}
        description={readOnly ? undefined : t('words.description')}
        placeholder={words.length === 0 ? t('words.placeholder') : undefined}
        value={words}
        onChange={(next) => onChange({ words: cleanTriggerWords(next) })}
        searchValue={typed}
        onSearchChange={(value) => onChange({ typed: value })}
        splitChars={[',', ';']}
        maxTags={AUTO_RESPONSE_MAX_WORDS}
        maxLength={AUTO_RESPONSE_WORD_MAX_LENGTH}
        readOnly={readOnly}
        error={error}
        required={!readOnly}
        clearable={false}
        renderPill={({ value, onRemove, disabled }) => (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            removeButtonProps={{ 'aria-label': t('words.remove', { word: value }) }}
            data-testid={`${testId}-chip`}
          >
            {value}
          </Pill>
        )}
        data-testid={testId}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <Text size="xs" c={count > AUTO_RESPONSE_MAX_WORDS ? 'red.7' : 'dimmed'} ta="right" mt={4} aria-hidden>
        {t('words.count', { count, max: AUTO_RESPONSE_MAX_WORDS })}
      </Text>
    </div>
  );
}
