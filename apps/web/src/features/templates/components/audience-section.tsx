import { Checkbox, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ATTENDANCE, type Attendance } from '@salon/contract/templates-rules';
import type { ReferenceListKind } from '@salon/contract/reference-lists';
import { ReferenceMultiSelect } from '../../../shared/crm/reference-multi-select';
import type { FilterField, TemplateDraft } from '../template-draft';
import { editorSections, type EditNotice, type TemplateEdit } from '../template-edit-rules';
import type { DraftProblems } from '../template-save-rules';
import { BlacklistField } from './blacklist-field';
import { SectionCard } from '../../../shared/ui/section-card';
import { VisitsRangeField } from '../../../shared/ui/visits-range-field';

interface AudienceSectionProps {
  draft: TemplateDraft;
  edit: (edit: TemplateEdit) => EditNotice | null;
  problems: DraftProblems;
  readOnly: boolean;
}

const ATTENDANCE_ORDER: { status: Attendance; key: 'didNotCome' | 'expectation' | 'came' | 'confirmed' }[] = [
  { status: ATTENDANCE.expectation, key: 'expectation' },
  { status: ATTENDANCE.confirmed, key: 'confirmed' },
  { status: ATTENDANCE.came, key: 'came' },
  { status: ATTENDANCE.didNotCome, key: 'didNotCome' },
];

// The multiselect filters: which list feeds each draft field (record filters; birthday templates
// have no record, only the client category).
interface FilterDef {
  field: FilterField;
  category: ReferenceListKind;
  label: string;
  testId: string;
}
const CLIENT_CATEGORY_FILTER: FilterDef = {
  field: 'clientCategory',
  category: 'client_category',
  label: 'filters.clientCategory',
  testId: 'filter-client-category',
};
const RECORD_FILTERS: FilterDef[] = [
  { field: 'services', category: 'services', label: 'filters.services', testId: 'filter-services' },
  { field: 'categories', category: 'categories', label: 'filters.categories', testId: 'filter-categories' },
  { field: 'staff', category: 'staff', label: 'filters.staff', testId: 'filter-staff' },
  { field: 'goods', category: 'goods', label: 'filters.goods', testId: 'filter-goods' },
  { field: 'recordLabels', category: 'record_labels', label: 'filters.recordLabels', testId: 'filter-record-labels' },
  CLIENT_CATEGORY_FILTER,
];

function FilterSelect({ filter, draft, edit }: { filter: FilterDef } & Pick<AudienceSectionProps, 'draft' | 'edit'>) {
  const { t } = useTranslation('templates');
  return (
    <ReferenceMultiSelect
      category={filter.category}
      label={t(filter.label as 'filters.services')}
      value={draft[filter.field]}
      onChange={(value) => edit({ type: 'filter', field: filter.field, value })}
      testId={filter.testId}
    />
  );
}

// The visit range: "from" above "to" is refused with the visits quantity error (SPEC 5).
function VisitsFields({ draft, edit, invalid }: Pick<AudienceSectionProps, 'draft' | 'edit'> & { invalid: boolean }) {
  const { t } = useTranslation('templates');
  return (
    <VisitsRangeField
      from={draft.quantityFrom}
      to={draft.quantityTo}
      onFrom={(value) => edit({ type: 'quantityFrom', value }) !== null}
      onTo={(value) => void edit({ type: 'quantityTo', value })}
      labels={{
        title: t('filters.visits'),
        from: t('filters.visitsFrom'),
        to: t('filters.visitsTo'),
        hint: t('filters.visitsHint'),
      }}
      error={invalid ? t('problem.visitsQuantityError') : undefined}
      width={140}
    />
  );
}

// Who gets the template: record client statuses, booking-system filters, visit counts, options
// and the template's own blacklist (SPEC 3 Filters, SPEC 5).
export function AudienceSection({ draft, edit, problems, readOnly }: AudienceSectionProps) {
  const { t } = useTranslation('templates');
  const sections = editorSections(draft.whenSend);

  return (
    <SectionCard title={t('filters.title')} description={t('filters.intro')} testId="section-audience">
      {sections.attendance && (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="attendance-label">
            {t('attendance.title')}
          </Text>
          <Group gap="lg" role="group" aria-labelledby="attendance-label">
            {ATTENDANCE_ORDER.map(({ status, key }) => (
              <Checkbox
                key={status}
                label={t(`attendance.${key}`)}
                checked={draft.attendance.includes(status)}
                onChange={(event) => edit({ type: 'attendance', status, on: event.currentTarget.checked })}
                description={
                  status === ATTENDANCE.didNotCome && draft.confirmRecord ? t('attendance.lockedByConfirm') : undefined
                }
                data-testid={`attendance-${status}`}
              />
            ))}
          </Group>
          {draft.attendance.length === 0 && (
            <Text size="xs" c="orange.8" data-testid="attendance-empty">
              {t('attendance.none')}
            </Text>
          )}
        </Stack>
      )}
      {sections.recordFilters && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {RECORD_FILTERS.map((filter) => (
            <FilterSelect key={filter.field} filter={filter} draft={draft} edit={edit} />
          ))}
        </SimpleGrid>
      )}
      {!sections.recordFilters && <FilterSelect filter={CLIENT_CATEGORY_FILTER} draft={draft} edit={edit} />}
      <VisitsFields draft={draft} edit={edit} invalid={problems.visits !== undefined} />
      <Stack gap="sm">
        <Switch
          label={t('filters.sendOnlyLostClient')}
          description={t('filters.sendOnlyLostClientHint')}
          checked={draft.sendOnlyLostClient}
          onChange={(event) => edit({ type: 'sendOnlyLostClient', value: event.currentTarget.checked })}
          data-testid="option-lost-clients"
        />
        {sections.recordFilters && (
          <Switch
            label={t('filters.onlineRecord')}
            description={t('filters.onlineRecordHint')}
            checked={draft.onlineRecord}
            onChange={(event) => edit({ type: 'onlineRecord', value: event.currentTarget.checked })}
            data-testid="option-online"
          />
        )}
      </Stack>
      <BlacklistField
        phones={draft.blacklist}
        onAdd={(phone) => edit({ type: 'blacklistAdd', phone })}
        onRemove={(phone) => edit({ type: 'blacklistRemove', phone })}
        readOnly={readOnly}
      />
    </SectionCard>
  );
}
