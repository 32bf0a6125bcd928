import { ActionIcon, Group, Pagination, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_PAGE_SIZES } from '@salon/contract/blacklist';
import type { PageSlice } from '../../../shared/lib/paginate';
import type { BlacklistAction } from '../blacklist-rules';
import { PageSizeSelect } from '../../../shared/ui/page-size-select';

interface BlacklistTableProps {
  slice: PageSlice<string>;
  pageSize: number;
  pending: ReadonlyMap<string, BlacklistAction>;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onRemove: (phone: string) => void;
}

// Columns number and delete; 5, 8 or 20 rows per page (SPEC 2).
export function BlacklistTable({ slice, pageSize, pending, onPage, onPageSize, onRemove }: BlacklistTableProps) {
  const { t } = useTranslation('blacklist');
  return (
    <>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="blacklist-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.number')}</Table.Th>
            <Table.Th w={96} ta="right">
              {t('table.delete')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slice.rows.map((phone) => (
            <Table.Tr key={phone} data-testid={`blacklist-row-${phone}`}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  +{phone}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  loading={pending.get(phone) === 'delete'}
                  disabled={pending.has(phone)}
                  onClick={() => onRemove(phone)}
                  aria-label={t('table.deleteLabel', { phone })}
                  data-testid={`blacklist-delete-${phone}`}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <PageSizeSelect
          label={t('table.rowsPerPage')}
          sizes={BLACKLIST_PAGE_SIZES}
          value={pageSize}
          onChange={onPageSize}
          testId="blacklist-page-size"
        />
        {slice.totalPages > 1 && (
          <Pagination
            size="sm"
            total={slice.totalPages}
            value={slice.page}
            onChange={onPage}
            data-testid="blacklist-pagination"
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        )}
      </Group>
    </>
  );
}
