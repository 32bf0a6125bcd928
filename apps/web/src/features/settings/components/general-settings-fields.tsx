import { useState } from 'react';
import { Divider, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GeneralSettings } from '@salon/contract/settings';
import { CUSTOM_NAME_MAX, HIDDEN_PHONES_MAX } from '@salon/contract/settings-rules';
import {
  cleanHiddenEntries,
  limitHiddenEntryInput,
  needsEnableChatConfirm,
  sanitizeSettingsPhone,
} from '../general-rules';
import { EnableChatModal } from './enable-chat-modal';
import { SettingSwitch } from './setting-switch';

interface GeneralSettingsFieldsProps {
  value: GeneralSettings;
  update: (patch: Partial<GeneralSettings>) => void;
  errorOf: (field: string) => string | undefined;
}

// SPEC 3 Settings: General, grouped by who it concerns.
export function GeneralSettingsFields({ value, update, errorOf }: GeneralSettingsFieldsProps) {
  const { t } = useTranslation('settings');
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState<'tooLong' | 'full' | null>(null);
  const [confirmingChat, setConfirmingChat] = useState(false);

  const onHiddenChange = (entries: string[]) => {
    const cleaned = cleanHiddenEntries(entries);
    setRefused(cleaned.refused ? (entries.length > HIDDEN_PHONES_MAX ? 'full' : 'tooLong') : null);
    update({ phones_dont_show_in_bot: cleaned.entries });
  };
  const onDisableChat = (next: boolean) => {
    if (needsEnableChatConfirm(value.disable_chat, next)) setConfirmingChat(true);
    else update({ disable_chat: next });
  };

  return (
    <>
      <Title order={2} size="h4">
        {t('general.botSection')}
      </Title>
      <Stack gap="md">
        <SettingSwitch
          label={t('general.disableChat.label')}
          description={t('general.disableChat.description')}
          checked={value.disable_chat}
          onChange={onDisableChat}
          testId="general-disable-chat"
        />
        <SettingSwitch
          label={t('general.enableReplyInBot.label')}
          description={t('general.enableReplyInBot.description')}
          checked={value.enable_reply_in_bot}
          onChange={(checked) => update({ enable_reply_in_bot: checked })}
          testId="general-enable-reply-in-bot"
        />
        <SettingSwitch
          label={t('general.replyMsgCheck.label')}
          description={t('general.replyMsgCheck.description')}
          checked={value.reply_msg_check}
          onChange={(checked) => update({ reply_msg_check: checked })}
          testId="general-reply-msg-check"
        />
        <TagsInput
          label={t('general.hiddenPhones.label')}
          description={t('general.hiddenPhones.description')}
          placeholder={t('general.hiddenPhones.placeholder')}
          value={value.phones_dont_show_in_bot}
          onChange={onHiddenChange}
          searchValue={search}
          onSearchChange={(text) => setSearch(limitHiddenEntryInput(text))}
          maxTags={HIDDEN_PHONES_MAX}
          onMaxTags={() => setRefused('full')}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          error={
            refused
              ? t(refused === 'full' ? 'general.hiddenPhones.full' : 'general.hiddenPhones.tooLong')
              : errorOf('phones_dont_show_in_bot')
          }
          data-testid="general-hidden-phones"
        />
      </Stack>
      <Divider />
      <Title order={2} size="h4">
        {t('general.clientSection')}
      </Title>
      <Stack gap="md">
        <SettingSwitch
          label={t('general.enableConfirm.label')}
          description={t('general.enableConfirm.description')}
          checked={value.enable_confirm}
          onChange={(checked) => update({ enable_confirm: checked })}
          testId="general-enable-confirm"
        />
        <SettingSwitch
          label={t('general.sendContact.label')}
          description={t('general.sendContact.description')}
          checked={value.send_contact}
          onChange={(checked) => update({ send_contact: checked })}
          testId="general-send-contact"
        />
        <TextInput
          label={t('general.phone.label')}
          description={t('general.phone.description')}
          placeholder="79991234567"
          value={value.phone}
          onChange={(event) => update({ phone: sanitizeSettingsPhone(event.currentTarget.value) })}
          inputMode="numeric"
          autoComplete="tel"
          error={errorOf('phone')}
          data-testid="general-phone"
        />
        <TextInput
          label={t('general.customName.label')}
          description={t('general.customName.description')}
          value={value.custom_name}
          onChange={(event) => update({ custom_name: event.currentTarget.value.slice(0, CUSTOM_NAME_MAX) })}
          error={errorOf('custom_name')}
          data-testid="general-custom-name"
        />
      </Stack>
      <EnableChatModal
        opened={confirmingChat}
        onCancel={() => setConfirmingChat(false)}
        onConfirm={() => {
          setConfirmingChat(false);
          update({ disable_chat: false });
        }}
      />
    </>
  );
}
