// The mailing pages this feature links to (SPEC 2 routes); branch pages carry ?accId=.
export const MAILING_NEW_PATH = '/mailing/new';
export const MAILING_STARTED_PATH = '/mailing/started_mailing';
// Where a number is connected (a send-out needs one).
export const CONNECTION_PATH = '/connection';

export function withBranch(path: string, accId: number | null): string {
  return accId === null ? path : `${path}?accId=${accId}`;
}
