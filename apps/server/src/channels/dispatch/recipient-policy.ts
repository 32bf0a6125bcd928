import type { SQL } from 'drizzle-orm';

// What the dispatcher checks of a recipient and a branch, as SQL the claiming statement embeds: the
// tables behind it belong to modules (blacklist, consents, settings), which channels never import,
// so each owner hands its part over at composition (runtime.ts; test-support/recipient-policy.ts).
// `accId` and `phone` are SQL for the outer row's columns, qualified by the caller.
export interface RecipientPolicy {
  /** True when the branch blocked the phone (the blacklist module). */
  blocked(accId: SQL, phone: SQL): SQL<boolean>;
  /** The client's answer to the consent question: null when they never answered (the consents module). */
  consent(accId: SQL, phone: SQL): SQL<boolean | null>;
  /** The branch's sending settings, each null when it saved none (the settings module). */
  sendingSettings(accId: SQL): SendingSettingsSql;
}

export interface SendingSettingsSql {
  // Quiet hours ('HH:MM' local times).
  sendFrom: SQL<string | null>;
  sendTo: SQL<string | null>;
  channelOrder: SQL<string[] | null>;
  softPriority: SQL<boolean | null>;
  exceptionMastersNames: SQL<string[] | null>;
}

// Writers of the outbox never claim, so they need no policy; a claim without one is a wiring mistake.
export const NO_RECIPIENT_POLICY: RecipientPolicy = {
  blocked: missing,
  consent: missing,
  sendingSettings: missing,
};

function missing(): never {
  throw new Error('OutboxRepository: claiming needs the RecipientPolicy (channels module deps)');
}
