import { useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLIENT_NAME_MAX, RECORD_COMMENT_MAX, type LocalCrmCatalog } from '@salon/contract/local-crm';
import { formatMoney } from '../../../shared/i18n/format-money';
import { showToast } from '../../../shared/toast/show-toast';
import { DateTimeField } from '../../../shared/ui/date-time-field';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useCreateLocalCrmRecord } from '../api/create-local-crm-record';
import { useLocalCrmClients } from '../api/get-local-crm-clients';
import {
  createRecordProblems,
  servicesSummary,
  toCreateRecordBody,
  type CreateRecordForm,
  type CreateRecordProblems,
} from '../dev-crm-rules';
import { useFailureText } from '../hooks/use-failure-text';

interface CreateRecordModalProps {
  opened: boolean;
  catalog: LocalCrmCatalog;
  // 'YYYY-MM-DDTHH:mm' the form starts with.
  start: string;
  onClose: () => void;
  onCreated: (localStart: string) => void;
}

export function CreateRecordModal(props: CreateRecordModalProps) {
  const { t } = useTranslation('dev-crm');
  const mobile = useIsMobile();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('create.title')}
      centered
      fullScreen={mobile}
      size="lg"
    >
      {props.opened && <CreateRecordFormView {...props} />}
    </Modal>
  );
}

// An existing client or a new one (name and phone), master, services, start, online flag, labels.
function CreateRecordFormView({ catalog, start, onClose, onCreated }: CreateRecordModalProps) {
  const { t } = useTranslation('dev-crm');
  const clients = useLocalCrmClients(true);
  const create = useCreateLocalCrmRecord();
  const failureText = useFailureText();
  const [form, setForm] = useState<CreateRecordForm>({
    clientMode: 'existing',
    clientId: null,
    clientName: '',
    clientPhone: '',
    staffId: null,
    serviceIds: [],
    start,
    online: false,
    labelIds: [],
    comment: '',
  });
  const [problems, setProblems] = useState<CreateRecordProblems>({});

  const change = (patch: Partial<CreateRecordForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const problem = (field: keyof CreateRecordProblems) => {
    const key = problems[field];
    return key ? t(`problems.${key}`) : undefined;
  };

  const clientOptions = useMemo(
    () => (clients.data?.clients ?? []).map((c) => ({ value: c.id, label: `${c.name} · +${c.phone}` })),
    [clients.data],
  );
  // Services grouped by category, with price and length, as a booking system lists them.
  const serviceOptions = useMemo(() => {
    const groups = catalog.categories.map((category) => ({
      group: category.title,
      items: catalog.services
        .filter((s) => s.category_id === category.id)
        .map((s) => ({
          value: s.id,
          label: t('create.serviceOption', {
            title: s.title,
            price: formatMoney(s.price_min, 'RUB'),
            minutes: Math.round(s.duration_sec / 60),
          }),
        })),
    }));
    const other = catalog.services.filter((s) => !catalog.categories.some((c) => c.id === s.category_id));
    return [
      ...groups.filter((g) => g.items.length > 0),
      ...other.map((s) => ({ value: s.id, label: `${s.title} · ${formatMoney(s.price_min, 'RUB')}` })),
    ];
  }, [catalog, t]);
  const summary = servicesSummary(catalog.services, form.serviceIds);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = createRecordProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(toCreateRecordBody(form), {
      onSuccess: ({ record }) => {
        showToast('success', t('toast.created'));
        onCreated(record.local_start);
      },
      onError: (error) => showToast('error', failureText(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="crm-create-form">
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('create.clientMode.label')}
          </Text>
          <SegmentedControl
            value={form.clientMode}
            onChange={(value) => change({ clientMode: value === 'new' ? 'new' : 'existing' })}
            data={[
              { value: 'existing', label: t('create.clientMode.existing') },
              { value: 'new', label: t('create.clientMode.new') },
            ]}
            data-testid="crm-create-client-mode"
          />
        </Stack>
        {form.clientMode === 'existing' ? (
          <Select
            aria-label={t('create.client')}
            placeholder={t('create.clientPlaceholder')}
            data={clientOptions}
            value={form.clientId}
            onChange={(clientId) => change({ clientId })}
            searchable
            error={problem('client')}
            disabled={clients.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="crm-create-client"
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('create.clientName')}
              value={form.clientName}
              onChange={(event) => change({ clientName: event.currentTarget.value })}
              maxLength={CLIENT_NAME_MAX}
              error={problem('clientName')}
              data-testid="crm-create-client-name"
            />
            <TextInput
              label={t('create.clientPhone')}
              description={t('create.clientPhoneHint')}
              value={form.clientPhone}
              onChange={(event) => change({ clientPhone: event.currentTarget.value })}
              inputMode="tel"
              autoComplete="off"
              maxLength={32}
              error={problem('clientPhone')}
              data-testid="crm-create-client-phone"
            />
          </SimpleGrid>
        )}
        <Select
          label={t('create.staff')}
          data={catalog.staff.map((s) => ({
            value: s.id,
            label: s.specialization ? `${s.title} — ${s.specialization}` : s.title,
          }))}
          value={form.staffId}
          onChange={(staffId) => change({ staffId })}
          error={problem('staff')}
          comboboxProps={{ withinPortal: true }}
          data-testid="crm-create-staff"
        />
        <MultiSelect
          label={t('create.services')}
          data={serviceOptions}
          value={form.serviceIds}
          onChange={(serviceIds) => change({ serviceIds })}
          searchable
          error={problem('services')}
          description={
            form.serviceIds.length > 0
              ? t('create.servicesSummary', { price: formatMoney(summary.price, 'RUB'), minutes: summary.minutes })
              : undefined
          }
          comboboxProps={{ withinPortal: true }}
          data-testid="crm-create-services"
        />
        <DateTimeField
          label={t('create.start')}
          value={form.start}
          onChange={(start) => change({ start })}
          error={problem('start')}
          testId="crm-create-start"
        />
        <Checkbox
          label={t('create.online')}
          checked={form.online}
          onChange={(event) => change({ online: event.currentTarget.checked })}
          data-testid="crm-create-online"
        />
        {catalog.labels.length > 0 && (
          <MultiSelect
            label={t('create.labels')}
            data={catalog.labels.map((l) => ({ value: l.id, label: l.title }))}
            value={form.labelIds}
            onChange={(labelIds) => change({ labelIds })}
            comboboxProps={{ withinPortal: true }}
            data-testid="crm-create-labels"
          />
        )}
        <Textarea
          label={t('create.comment')}
          value={form.comment}
          onChange={(event) => change({ comment: event.currentTarget.value })}
          maxLength={RECORD_COMMENT_MAX}
          autosize
          minRows={2}
          data-testid="crm-create-comment"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="crm-create-submit">
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
