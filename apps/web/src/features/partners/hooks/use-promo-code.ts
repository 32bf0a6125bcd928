import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAccounts } from '../../../shared/accounts/accounts-query';

// The promo code a partner page works on (SPEC 3 consultantData.selectedPromoCode): the one in the
// address (?promo_code=) when the user holds it, else the user's main code. Kept in the address so a
// reload or a shared link opens the same code.
export function usePromoCode() {
  const { data: accounts } = useAccounts();
  const [params, setParams] = useSearchParams();
  const data = accounts?.consultantData ?? null;
  const codes = data?.promo_codes ?? [];
  const asked = params.get('promo_code')?.toUpperCase() ?? null;
  const code = asked && codes.includes(asked) ? asked : (data?.promo_code ?? null);
  const setCode = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('promo_code', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    code,
    codes,
    setCode,
    partnerType: data?.partner_type ?? null,
    // SPEC 6: the consultant whose rights are exactly owner manages partner admins.
    isOwner: data !== null && data.rights.length === 1 && data.rights[0] === 'owner',
    consultantData: data,
  };
}
