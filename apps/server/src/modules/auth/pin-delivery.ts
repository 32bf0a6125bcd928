// The port through which a login PIN reaches its owner.
export interface PinDelivery {
  readonly kind: 'telegram-bot' | 'server-log';
  deliver(telegramId: number, pin: string, lang: string): Promise<void>;
}
