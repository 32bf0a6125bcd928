import { ActionIcon, Anchor, Button, CopyButton, Group, Image, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { promoUrlForDisplay } from '@salon/contract/partners-rules';
import { qrSource } from '../../program-rules';

interface PromoLinkProps {
  code: string;
  url: string;
  qrCode: string;
  testId: string;
}

// The server's QR when it sent a usable one, else one drawn from the promo URL.
function useQr(url: string, qrCode: string) {
  const given = qrSource(qrCode);
  const drawn = useQuery({
    queryKey: ['partners-qr', url],
    queryFn: () => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 }),
    enabled: given === null && url !== '',
    staleTime: Infinity,
  });
  if (given) return given;
  return drawn.data ? { src: drawn.data, extension: 'png' as const } : null;
}

// A promo code's link (SPEC 9: a punycode domain shown in its Russian form; the copy is the link as
// issued, which works everywhere) and its QR code to download.
export function PromoLink({ code, url, qrCode, testId }: PromoLinkProps) {
  const { t } = useTranslation('partners');
  const qr = useQr(url, qrCode);
  const shown = promoUrlForDisplay(url);
  return (
    <Group align="flex-start" gap="md" wrap="wrap" data-testid={testId}>
      <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {t('common.promoUrl')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Anchor
            href={url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            fw={500}
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid={`${testId}-url`}
          >
            {shown}
          </Anchor>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('common.copied') : t('common.copyLink')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={t('common.copyLink')}
                  data-testid={`${testId}-copy`}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Stack gap={6} align="center">
        {qr ? (
          <Image
            src={qr.src}
            alt={t('common.qrAlt', { code })}
            w={120}
            h={120}
            fit="contain"
            radius="sm"
            data-testid={`${testId}-qr`}
          />
        ) : (
          <Skeleton w={120} h={120} radius="sm" />
        )}
        <Button
          component="a"
          href={qr?.src}
          download={`promo-${code}.${qr?.extension ?? 'png'}`}
          target="_blank"
          rel="noreferrer"
          size="compact-xs"
          variant="subtle"
          leftSection={<IconDownload size={14} aria-hidden />}
          disabled={!qr}
          data-testid={`${testId}-qr-download`}
        >
          {t('common.downloadQr')}
        </Button>
      </Stack>
    </Group>
  );
}
