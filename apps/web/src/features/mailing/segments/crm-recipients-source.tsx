import { useState } from 'react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { zonedDayKey } from '../../../shared/lib/datetime';
import type { SegmentFilters, SegmentWire } from '@salon/contract/mailing-segments';
import type { ParsedClientFile } from '@salon/contract/mailing-sendouts';
import { showToast } from '../../../shared/toast/show-toast';
import { useDeleteSegment } from './api/delete-segment';
import { useGetClientsFromCrm } from './api/get-clients-from-crm';
import { useSegments } from './api/get-segments';
import { useSaveSegment } from './api/save-segment';
import { DeleteSegmentModal } from './components/delete-segment-modal';
import { FiltersEditor } from './components/filters-editor';
import { SaveSegmentModal, type SegmentNameValues } from './components/save-segment-modal';
import { SegmentPicker } from './components/segment-picker';
import {
  cleanFilters,
  crmFetchFailure,
  deleteToast,
  EMPTY_FILTERS,
  filterIssues,
  isFilterFieldKey,
  sameFilters,
  saveToast,
} from './segment-rules';

export interface CrmRecipientsSourceProps {
  loyaltyActionId?: string | null;
  onParsed(answer: ParsedClientFile): void;
  disabled?: boolean;
}

// Step 1's "clients from the booking system" source (SPEC 3 Segment, SPEC 7): a saved segment or
// filters built here, saved, changed or deleted as segments (SPEC 8 toasts), then "Get clients"
// reads the matching clients into a draft send-out and hands its parse answer on.
export function CrmRecipientsSource({ loyaltyActionId = null, onParsed, disabled = false }: CrmRecipientsSourceProps) {
  const { t } = useTranslation('mailing-segments');
  const segments = useSegments();
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const fetchClients = useGetClientsFromCrm();
  // Today on the branch's clocks: the salon's days, not the browser's.
  const { timeZone } = useDateFormat();
  const [today] = useState(() => zonedDayKey(Date.now(), timeZone) ?? '');
  const [selected, setSelected] = useState<SegmentWire | null>(null);
  const [filters, setFilters] = useState<SegmentFilters>(EMPTY_FILTERS);
  const [saving, setSaving] = useState<'create' | 'update' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notFound, setNotFound] = useState(false);

  const issues = filterIssues(filters);
  const valid = issues.length === 0;
  const changed = selected ? !sameFilters(selected.filters, filters) : filters.conditions.length > 0;
  const busy = disabled || fetchClients.isPending;

  const edit = (next: SegmentFilters) => {
    setFilters(next);
    setNotFound(false);
  };
  const select = (segment: SegmentWire | null) => {
    setSelected(segment);
    if (segment) edit(segment.filters);
  };

  const onSave = ({ name, description }: SegmentNameValues) => {
    const mode = saving ?? 'create';
    save.mutate(
      {
        segmentId: mode === 'update' && selected ? selected.segment_id : null,
        name,
        description,
        filters: cleanFilters(filters),
      },
      {
        onSuccess: (answer) => {
          const toast = saveToast(mode);
          showToast(toast.kind, t(`toast.${toast.key}`, { name: answer.data.segment_name }));
          setSelected(answer.data);
          setFilters(answer.data.filters);
          setSaving(null);
        },
        onError: (error) => {
          const toast = saveToast(mode, error);
          showToast(toast.kind, t(`toast.${toast.key}`, { name }));
        },
      },
    );
  };

  const onDelete = () => {
    if (!selected) return;
    const { segment_id: id, segment_name: name } = selected;
    remove.mutate(id, {
      onSuccess: () => {
        const toast = deleteToast();
        showToast(toast.kind, t(`toast.${toast.key}`, { name }));
        // The filters stay on screen, now as unsaved ones.
        setSelected(null);
        setDeleting(false);
      },
      onError: (error) => {
        const toast = deleteToast(error);
        showToast(toast.kind, t(`toast.${toast.key}`, { name }));
      },
    });
  };

  const getClients = () => {
    if (!valid || busy) return;
    setNotFound(false);
    fetchClients.mutate(
      { filters: cleanFilters(filters), loyaltyActionId },
      {
        onSuccess: (answer) => onParsed(answer),
        onError: (error) => {
          const failure = crmFetchFailure(error);
          if (failure.kind === 'notFound') setNotFound(true);
          else if (failure.kind === 'unsupported') {
            const field = isFilterFieldKey(failure.field) ? t(`field.${failure.field}`) : failure.field;
            showToast('error', t('fetch.unsupported', { field }));
          } else if (failure.kind === 'detail') showToast('error', failure.detail);
          else showToast('error', t(`fetch.${failure.kind}`));
        },
      },
    );
  };

  return (
    <Stack gap="md" data-testid="crm-recipients-source">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <SegmentPicker
        segments={segments.data}
        loading={segments.isPending}
        failed={segments.isError}
        selected={selected}
        changed={changed}
        canSave={valid}
        disabled={busy}
        onSelect={select}
        onSaveChanges={() => setSaving('update')}
        onSaveAsNew={() => setSaving('create')}
        onDelete={() => setDeleting(true)}
      />
      <Divider />
      <FiltersEditor filters={filters} onChange={edit} issues={issues} today={today} disabled={busy} />
      <Button
        leftSection={<IconUsers size={18} aria-hidden />}
        onClick={getClients}
        loading={fetchClients.isPending}
        disabled={disabled || !valid}
        fullWidth
        data-testid="segment-get-clients"
      >
        {t('getClients')}
      </Button>
      {!valid && (
        <Text size="xs" c="red" role="alert">
          {t('fixIssues')}
        </Text>
      )}
      {notFound && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconUserSearch size={18} aria-hidden />}
          title={t('notFound.title')}
          withCloseButton
          closeButtonLabel={t('notFound.close')}
          onClose={() => setNotFound(false)}
          data-testid="segment-clients-not-found"
        >
          {t('notFound.description')}
        </Alert>
      )}

      <SaveSegmentModal
        opened={saving !== null}
        mode={saving ?? 'create'}
        initial={
          saving === 'update' && selected
            ? { name: selected.segment_name, description: selected.segment_description }
            : { name: '', description: '' }
        }
        busy={save.isPending}
        onSave={onSave}
        onClose={() => setSaving(null)}
      />
      <DeleteSegmentModal
        name={deleting && selected ? selected.segment_name : null}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
