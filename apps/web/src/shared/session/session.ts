import { browserStorage } from './key-value-storage';
import { SESSION_FIELDS, type SessionField } from './session-fields';
import { createSessionStore } from './session-store';

// The one session of the running app. Other tabs share it through local storage.
export const session = createSessionStore(browserStorage());

// The selected branch belongs to the tab: two tabs may work on two branches, and following the
// other tab's choice would make this tab's calls carry the wrong acc_id. Storage still keeps the
// last choice so a new tab starts there.
export const BRANCH_SELECTION_FIELDS: readonly SessionField[] = [
  'accId',
  'branchId',
  'branchName',
  'sendOutAccount',
  'rights',
];

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !session.keys.includes(event.key)) return;
    const signedOutElsewhere = window.localStorage.getItem(SESSION_FIELDS.authenticated.key) === null;
    session.reload(signedOutElsewhere ? [] : BRANCH_SELECTION_FIELDS);
  });
}
