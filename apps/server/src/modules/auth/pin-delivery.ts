// The port through which a login PIN reaches its owner.
export interface PinDelivery {
  readonly kind: 'telegram-bot' | 'server-log';
  deliver(telegramId: number, pin: string, lang: string): Promise<void>;
  // A channel people can write to (the admin bot's /pin) asks here for a fresh PIN for the writer;
  // null means the writer has no active cabinet access.
  listenForPinRequests?(issue: (telegramId: number) => Promise<{ pin: string; lang: string } | null>): void;
}
