import type { Contact, WAMessageKey } from '@whiskeysockets/baileys';

// WhatsApp addresses: '79161234567@s.whatsapp.net' for a phone, '79161234567:12@s.whatsapp.net' for
// one of its devices, '<opaque>@lid' for the privacy ids that Baileys 7 reports more and more often.

const PHONE_SERVER = '@s.whatsapp.net';
const LID_SERVER = '@lid';

export function phoneJid(phone: string): string {
  return `${phone}${PHONE_SERVER}`;
}

// The chat of an InboundMessage's `from`: a phone's, or a privacy id's ('lid' + its id).
export function chatJid(chat: string): string {
  return chat.startsWith('lid') ? `${chat.slice(3)}${LID_SERVER}` : phoneJid(chat);
}

// One-to-one chats only: groups, status broadcasts, broadcast lists and channels are not clients.
export function isDirectChat(jid: string): boolean {
  return jid.endsWith(PHONE_SERVER) || jid.endsWith(LID_SERVER);
}

// The sender's phone digits, preferring the phone-number form Baileys adds next to a LID. A sender
// known only by LID gets 'lid' + its id, so replies from them are not lost nor taken for a phone.
export function senderOf(key: WAMessageKey): string | null {
  const jid = key.remoteJid;
  if (!jid) return null;
  if (jid.endsWith(PHONE_SERVER)) return userDigits(jid);
  const alt = key.remoteJidAlt;
  if (alt?.endsWith(PHONE_SERVER)) return userDigits(alt);
  const lid = userDigits(jid);
  return lid ? `lid${lid}` : null;
}

// The linked account's own phone, for the 'authenticated' status.
export function ownPhone(user: Contact | undefined): string | undefined {
  if (!user) return undefined;
  const jid = user.id.endsWith(PHONE_SERVER) ? user.id : user.phoneNumber;
  return jid ? userDigits(jid) || undefined : undefined;
}

function userDigits(jid: string): string {
  const user = jid.split('@')[0]?.split(':')[0] ?? '';
  return user.replace(/\D/g, '');
}
