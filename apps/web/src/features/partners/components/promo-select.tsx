import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePromoCode } from '../hooks/use-promo-code';

// The promo code every partner page works on; a partner holding one code has nothing to switch.
export function PromoSelect() {
  const { t } = useTranslation('partners');
  const { code, codes, setCode } = usePromoCode();
  if (codes.length < 2) return null;
  return (
    <Select
      label={t('common.promoCode')}
      data={codes}
      value={code}
      onChange={(next) => {
        if (next) setCode(next);
      }}
      allowDeselect={false}
      searchable={codes.length > 8}
      w={{ base: '100%', xs: 240 }}
      data-testid="partner-promo-select"
    />
  );
}
