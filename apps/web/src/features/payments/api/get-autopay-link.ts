import { z } from 'zod';
import { api } from '../../../shared/api/api';

// Checked by payLinkOutcome (isPayLink) like the pay link: SPEC 8's "not a valid URL" is ours to report.
const anyAnswer = z.unknown();

export type CardLinkKind = 'connect' | 'changeCard';

const PATHS: Record<CardLinkKind, string> = { connect: '/autopay_link', changeCard: '/change_card' };

// GET /autopay_link and GET /change_card: the provider's checkout that binds a card (a small charge,
// refunded at once; CARD_BINDING_AMOUNT).
export function getCardLink(kind: CardLinkKind): Promise<unknown> {
  return api.request({ path: PATHS[kind], schema: anyAnswer });
}
