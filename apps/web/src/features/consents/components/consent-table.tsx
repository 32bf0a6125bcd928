import { Fragment } from 'react';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentEntryWire } from '@salon/contract/consents';
import { useDateFormat } from '../../../shared/i18n/use-date-format';
import { historyPanelId, statusOf } from '../consent-list-rules';
import { ConsentHistory } from './consent-history';
import { ConsentRowActions, type ConsentRowHandlers } from './consent-row-actions';
import { ConsentStatusBadge } from './consent-status-badge';

interface ConsentTableProps extends ConsentRowHandlers {
  entries: readonly ConsentEntryWire[];
  expanded: ReadonlySet<string>;
}

// Desktop: phone, status, client's reply, comment, updated, actions; the history opens under its row.
export function ConsentTable({ entries, expanded, ...handlers }: ConsentTableProps) {
  const { t } = useTranslation('consents');
  const fmt = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="consent-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.phone')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>{t('table.clientText')}</Table.Th>
            <Table.Th>{t('table.comment')}</Table.Th>
            <Table.Th>{t('table.updated')}</Table.Th>
            <Table.Th w={120}>{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const open = expanded.has(entry.phone);
            return (
              <Fragment key={entry.phone}>
                <Table.Tr data-testid={`consent-row-${entry.phone}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace">
                      +{entry.phone}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <ConsentStatusBadge status={statusOf(entry)} />
                  </Table.Td>
                  <Table.Td maw={220}>
                    <Text size="sm" lineClamp={2} title={entry.client_text ?? undefined}>
                      {entry.client_text ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" lineClamp={2} title={entry.comment ?? undefined}>
                      {entry.comment ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{fmt.dateTime(entry.updated_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ConsentRowActions
                      entry={entry}
                      expanded={open}
                      historyId={historyPanelId(entry.phone)}
                      compact
                      {...handlers}
                    />
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td colSpan={6} bg="var(--mantine-color-default-hover)">
                      <ConsentHistory log={entry.changelog} id={historyPanelId(entry.phone)} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
