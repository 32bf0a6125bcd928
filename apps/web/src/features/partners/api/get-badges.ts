import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerBadges } from '@salon/contract/partners';
import { api } from '../../../shared/api/api';
import type { PartnerType } from '../badge-rules';
import { partnersKeys } from './partners-keys';

export function badgesQuery(code: string | null, type: PartnerType | null) {
  return queryOptions({
    queryKey: partnersKeys.badges(code, type),
    queryFn: ({ signal }) =>
      api.request({
        path: '/partner_badges',
        query: { promo_code: code, partner_type: type },
        schema: partnerBadges,
        signal,
      }),
    enabled: code !== null && type !== null,
  });
}

// GET /partner_badges: the partner's steps and awards (SPEC 3 Badges).
export function useBadges(code: string | null, type: PartnerType | null) {
  return useQuery(badgesQuery(code, type));
}
