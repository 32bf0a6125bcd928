import { isAccessDenied } from '../../shared/api/error-message';

// SPEC 4 Dashboard: each card loads, then is ok; another error than access denied leaves the card ok
// with no data (an empty card, never a crash); access denied on any card denies the whole page.

export type CardState<T> = { status: 'loading' } | { status: 'ok'; data: T | null };

export interface CardQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export function cardState<T>(query: CardQuery<T>): CardState<T> {
  if (query.isError) return { status: 'ok', data: null };
  if (query.isPending || query.data === undefined) return { status: 'loading' };
  return { status: 'ok', data: query.data };
}

export function isPageDenied(errors: readonly unknown[]): boolean {
  return errors.some((error) => error !== null && error !== undefined && isAccessDenied(error));
}
