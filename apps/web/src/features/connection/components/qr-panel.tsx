import { ActionIcon, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/lib/use-now';
import { formatCountdown, secondsLeft } from '../connect-timing';
import { QrImage } from './qr-image';

interface QrPanelProps {
  // The e2e hook of the element that carries the payload in data-qr.
  testId: string;
  payload: string;
  expiresAt: number;
}

// The QR to scan, its countdown, and its payload as text (copyable, e.g. for the sandbox phone).
export function QrPanel({ testId, payload, expiresAt }: QrPanelProps) {
  const { t } = useTranslation('connection');
  const now = useNow(1000);
  const left = secondsLeft(expiresAt, now);
  return (
    <Stack gap="sm" align="center" w="100%">
      <QrImage payload={payload} label={t('qr.imageLabel')} />
      <Text size="sm" c={left <= 5 ? 'orange.7' : 'dimmed'} data-testid="qr-countdown" aria-live="polite">
        {left > 0 ? t('qr.expiresIn', { time: formatCountdown(left) }) : t('qr.refreshing')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start" w="100%">
        <Code
          block
          data-testid={testId}
          data-qr={payload}
          style={{
            flex: 1,
            minWidth: 0,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            border: '1px solid var(--mantine-color-gray-4)',
          }}
        >
          {payload}
        </Code>
        <CopyButton value={payload}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('qr.copied') : t('qr.copy')} withArrow>
              <ActionIcon variant="light" onClick={copy} aria-label={t('qr.copy')} color={copied ? 'teal' : undefined}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
