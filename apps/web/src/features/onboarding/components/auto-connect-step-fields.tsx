import {
  ActionIcon,
  Anchor,
  Button,
  Chip,
  Group,
  Image,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAIN_CHANNELS,
  type AutoConnectForm,
  type AutoConnectStep,
  type MainChannel,
} from '@salon/contract/auto-connect';
import { WA_AGES, type WaAge } from '@salon/contract/onboarding';
import { TELEGRAM_ID_MAX_LENGTH, onlyDigits } from '@salon/contract/telegram-id-rules';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { AgreementChecks } from './agreement-checks';
import { addLink, canAddLink, removeLink, type StepErrors, type WizardState } from '../auto-connect-rules';

interface StepFieldsProps {
  step: AutoConnectStep;
  form: AutoConnectForm;
  state: WizardState;
  set: <K extends keyof WizardState>(key: K, value: WizardState[K]) => void;
  errors: StepErrors;
}

// The fields of one wizard step (SPEC 3 Auto-connection form), each error under its field.
export function AutoConnectStepFields({ step, form, state, set, errors }: StepFieldsProps) {
  const { t } = useTranslation('onboarding');
  const error = (field: keyof StepErrors) => {
    const problem = errors[field];
    return problem ? t(`autoConnect.errors.${problem}`) : undefined;
  };
  const errorProps = (field: string) => ({ 'data-testid': `auto-connect-error-${field}`, role: 'alert' });

  switch (step) {
    case 1:
      return (
        <Stack gap="sm" data-testid="auto-connect-step-1">
          <Text>{t('autoConnect.confirm.text')}</Text>
          <Group gap="xl" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                {t('autoConnect.confirm.crm')}
              </Text>
              <Text fw={600} data-testid="auto-connect-crm">
                {form.crmName === 'local' || form.crmName === 'yclients'
                  ? t(`autoConnect.crms.${form.crmName}`)
                  : form.crmName}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('autoConnect.confirm.company')}
              </Text>
              <Text fw={600} data-testid="auto-connect-company">
                {form.accId}
              </Text>
            </div>
          </Group>
        </Stack>
      );
    case 2:
      return (
        <TextInput
          data-testid="auto-connect-promo-code"
          label={t('autoConnect.fields.promoCode')}
          description={t('autoConnect.fields.promoCodeHint')}
          value={state.promoCode}
          onChange={(event) => set('promoCode', event.currentTarget.value)}
          error={error('promoCode')}
          errorProps={errorProps('promoCode')}
          maxLength={40}
          autoComplete="off"
        />
      );
    case 3:
      return (
        <Stack gap="md">
          <TextInput
            data-testid="auto-connect-branch-name"
            label={t('autoConnect.fields.branchName')}
            value={state.branchName}
            onChange={(event) => set('branchName', event.currentTarget.value)}
            error={error('branchName')}
            errorProps={errorProps('branchName')}
            maxLength={120}
            required
          />
          <Input.Wrapper
            label={t('autoConnect.fields.emoji')}
            description={t('autoConnect.fields.emojiHint')}
            error={error('emoji')}
            errorProps={errorProps('emoji')}
            required
          >
            <Chip.Group multiple={false} value={state.emoji ?? ''} onChange={(value) => set('emoji', value || null)}>
              <Group gap={6} mt={6} wrap="wrap" data-testid="auto-connect-emoji">
                {form.emojiList.map((emoji) => (
                  <Chip key={emoji} value={emoji} size="sm" data-testid={`auto-connect-emoji-${emoji}`}>
                    {emoji}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        </Stack>
      );
    case 4:
      return (
        <Stack gap="md">
          <TextInput
            data-testid="auto-connect-address"
            label={t('autoConnect.fields.address')}
            value={state.address}
            onChange={(event) => set('address', event.currentTarget.value)}
            error={error('address')}
            errorProps={errorProps('address')}
            maxLength={320}
            required
          />
          <PhoneInput
            data-testid="auto-connect-salon-phone"
            label={t('autoConnect.fields.salonPhone')}
            placeholder={t('autoConnect.fields.phonePlaceholder')}
            value={state.salonPhone}
            onChange={(digits) => set('salonPhone', digits)}
            error={error('salonPhone')}
            errorProps={errorProps('salonPhone')}
            required
          />
          <PhoneInput
            data-testid="auto-connect-owner-phone"
            label={t('autoConnect.fields.ownerPhone')}
            placeholder={t('autoConnect.fields.phonePlaceholder')}
            value={state.ownerPhone}
            onChange={(digits) => set('ownerPhone', digits)}
            error={error('ownerPhone')}
            errorProps={errorProps('ownerPhone')}
            required
          />
        </Stack>
      );
    case 5:
      return (
        <Stack gap="md">
          <Select
            data-testid="auto-connect-wa-age"
            label={t('autoConnect.fields.waAge')}
            placeholder={t('autoConnect.fields.waAgePlaceholder')}
            data={WA_AGES.map((age) => ({ value: age, label: t(`waAges.${age}`) }))}
            value={state.waAge}
            onChange={(value) => set('waAge', (value as WaAge | null) ?? null)}
            error={error('waAge')}
            errorProps={errorProps('waAge')}
            allowDeselect={false}
            required
          />
          <Input.Wrapper
            label={t('autoConnect.fields.mainChannel')}
            error={error('mainChannel')}
            errorProps={errorProps('mainChannel')}
          >
            <SegmentedControl
              mt={6}
              data-testid="auto-connect-main-channel"
              data={MAIN_CHANNELS.map((channel) => ({ value: channel, label: t(`autoConnect.channels.${channel}`) }))}
              value={state.mainChannel ?? ''}
              onChange={(value) => set('mainChannel', value as MainChannel)}
            />
          </Input.Wrapper>
        </Stack>
      );
    case 6:
      return (
        <Input.Wrapper label={t('autoConnect.fields.links')} error={error('links')} errorProps={errorProps('links')}>
          <Stack gap="xs" mt={6}>
            {state.links.map((link, index) => (
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  data-testid={`auto-connect-link-${index}`}
                  placeholder={t('autoConnect.fields.linkPlaceholder')}
                  value={link}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    set(
                      'links',
                      state.links.map((l, i) => (i === index ? value : l)),
                    );
                  }}
                  inputMode="url"
                  aria-label={t('autoConnect.fields.links')}
                />
                {state.links.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('autoConnect.fields.removeLink')}
                    onClick={() => set('links', removeLink(state.links, index))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {canAddLink(state.links) && (
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => set('links', addLink(state.links))}
                data-testid="auto-connect-add-link"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('autoConnect.fields.addLink')}
              </Button>
            )}
          </Stack>
        </Input.Wrapper>
      );
    case 7:
      return (
        <Stack gap="md">
          {form.botLink && (
            <Group gap="md" align="center" wrap="wrap" data-testid="auto-connect-bot">
              {form.imageSrc && (
                <Image src={form.imageSrc} alt={t('autoConnect.fields.botQr')} w={140} h={140} fit="contain" />
              )}
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {t('autoConnect.fields.bot')}
                </Text>
                <Anchor
                  href={form.botLink}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {form.botLink}
                </Anchor>
              </Stack>
            </Group>
          )}
          <TextInput
            data-testid="auto-connect-telegram-id"
            label={t('autoConnect.fields.telegramId')}
            description={t('autoConnect.fields.telegramIdHint')}
            placeholder={t('autoConnect.fields.telegramIdPlaceholder')}
            value={state.telegramId}
            onChange={(event) => set('telegramId', onlyDigits(event.currentTarget.value, TELEGRAM_ID_MAX_LENGTH))}
            error={error('telegramId')}
            errorProps={errorProps('telegramId')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            autoComplete="off"
            maxLength={TELEGRAM_ID_MAX_LENGTH}
            required
          />
        </Stack>
      );
    case 8:
      return (
        <AgreementChecks
          mandatory={state.mandatoryAgreement}
          optional={state.optionalAgreement}
          onMandatory={(checked) => set('mandatoryAgreement', checked)}
          onOptional={(checked) => set('optionalAgreement', checked)}
          error={error('agreement')}
          testIdPrefix="auto-connect"
        />
      );
  }
}
