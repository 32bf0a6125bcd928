import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseLocalDateTime, type LocalCrmRecordWire, type LocalCrmStaffWire } from '@salon/contract/local-crm';
import { DateTimeField } from '../../../shared/ui/date-time-field';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';

interface MoveRecordModalProps {
  record: LocalCrmRecordWire | null;
  staff: readonly LocalCrmStaffWire[];
  busy: boolean;
  onMove: (start: string, staffId: string) => void;
  onClose: () => void;
}

// A new start (the branch's wall-clock time) and master for a booking.
export function MoveRecordModal({ record, staff, busy, onMove, onClose }: MoveRecordModalProps) {
  const { t } = useTranslation('dev-crm');
  const mobile = useIsMobile();
  return (
    <Modal opened={record !== null} onClose={onClose} title={t('move.title')} centered fullScreen={mobile}>
      {record && (
        <MoveForm key={record.id} record={record} staff={staff} busy={busy} onMove={onMove} onClose={onClose} />
      )}
    </Modal>
  );
}

function MoveForm({ record, staff, busy, onMove, onClose }: MoveRecordModalProps & { record: LocalCrmRecordWire }) {
  const { t } = useTranslation('dev-crm');
  const [start, setStart] = useState(record.local_start);
  const [staffId, setStaffId] = useState<string | null>(record.staff_id);
  const valid = parseLocalDateTime(start) !== null && staffId !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onMove(start, staffId);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="crm-move-form">
      <Stack gap="md">
        <DateTimeField
          label={t('move.start')}
          value={start}
          onChange={setStart}
          error={parseLocalDateTime(start) ? undefined : t('problems.required')}
          testId="crm-move-start"
        />
        <Select
          label={t('move.staff')}
          data={staff.map((s) => ({
            value: s.id,
            label: s.specialization ? `${s.title} — ${s.specialization}` : s.title,
          }))}
          value={staffId}
          onChange={setStaffId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="crm-move-staff"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!valid} data-testid="crm-move-submit">
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
