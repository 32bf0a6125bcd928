import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useQrLogin } from '../hooks/use-qr-login';
import type { useWaPairing } from '../hooks/use-wa-pairing';
import { QrWait } from './qr-wait';
import { WaPairing } from './wa-pairing';

export type WaMethod = 'qr' | 'pairing';

interface WhatsAppConnectProps {
  method: WaMethod;
  onMethod: (method: WaMethod) => void;
  qr: ReturnType<typeof useQrLogin>;
  pairing: ReturnType<typeof useWaPairing>;
}

// WhatsApp login: scan the QR, or type the pairing code on the phone.
export function WhatsAppConnect({ method, onMethod, qr, pairing }: WhatsAppConnectProps) {
  const { t } = useTranslation('connection');
  return (
    <Stack gap="md">
      <SegmentedControl
        value={method}
        onChange={(value) => onMethod(value === 'pairing' ? 'pairing' : 'qr')}
        data={[
          { value: 'qr', label: <span data-testid="wa-method-qr">{t('whatsapp.byQr')}</span> },
          { value: 'pairing', label: <span data-testid="wa-method-pairing">{t('whatsapp.byPhone')}</span> },
        ]}
        fullWidth
      />
      {method === 'qr' ? (
        <Stack gap="sm" align="center">
          <Text size="sm" style={{ alignSelf: 'stretch' }}>
            {t('whatsapp.qrIntro')}
          </Text>
          <QrWait testId="wa-qr" shown={qr.shown} failed={qr.failed} error={qr.error} onRetry={qr.restart} />
        </Stack>
      ) : (
        <WaPairing
          shown={pairing.shown}
          error={pairing.error}
          pending={pairing.pending}
          onSubmit={pairing.submit}
          onBack={pairing.back}
        />
      )}
    </Stack>
  );
}
