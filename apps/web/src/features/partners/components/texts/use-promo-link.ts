import { usePartnerTable } from '../../api/get-partner-table';
import { useSalonPartner } from '../../api/get-salon-partner';
import { usePromoCode } from '../../hooks/use-promo-code';

export interface PromoLinkData {
  code: string;
  url: string;
  qrCode: string;
  bonusDays: number;
}

// The selected code's link: a consultant's from the full table, a salon partner's from its own page.
export function usePromoLink() {
  const { code, partnerType } = usePromoCode();
  const table = usePartnerTable(partnerType === 'consultant');
  const salon = useSalonPartner(partnerType === 'salon');
  const query = partnerType === 'salon' ? salon : table;
  let data: PromoLinkData | null = null;
  if (partnerType === 'salon' && salon.data)
    data = {
      code: salon.data.promo_code,
      url: salon.data.promo_url,
      qrCode: salon.data.qr_code,
      bonusDays: salon.data.bonus_days,
    };
  if (partnerType === 'consultant' && table.data) {
    const group = table.data.find((g) => g.promo_code === code) ?? table.data[0];
    if (group)
      data = { code: group.promo_code, url: group.promo_url, qrCode: group.qr_code, bonusDays: group.bonus_days };
  }
  return {
    data,
    // Nothing to ask when the user is no partner at all.
    pending: partnerType !== null && query.isPending,
    error: query.isError ? query.error : null,
    refetch: () => void query.refetch(),
  };
}
