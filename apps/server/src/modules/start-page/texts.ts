// The server's own texts of the start page. The client's greeting is Russian (the salon's clients
// read the salon's language; a branch has no language of its own); the admins' note follows each
// admin's interface language.

export function greetingText(name: string, salon: string): string {
  return `Здравствуйте, ${name}! Это ${salon}. Вы оставили заявку на странице записи — напишите, пожалуйста, чем мы можем помочь, и мы ответим в этом чате.`;
}

export interface CallbackNote {
  name: string;
  phone: string;
  salon: string;
  leadId: string | null;
}

export function callbackText(note: CallbackNote, lang: string): string {
  const lead = note.leadId ? (lang === 'en' ? ` (lead ${note.leadId})` : ` (лид ${note.leadId})`) : '';
  return lang === 'en'
    ? `${note.salon}: a client asks to be called back from the booking start page — ${note.name}, +${note.phone}${lead}.`
    : `${note.salon}: клиент просит перезвонить (стартовая страница записи) — ${note.name}, +${note.phone}${lead}.`;
}
