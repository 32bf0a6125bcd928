import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PayCurrency } from '@salon/contract/payments';
import type { ProviderPaymentStatus, ReceiptItem } from '../../provider.js';

// The sandbox provider's own books: one JSON file per payment and per saved card under
// DATA_DIR/sandbox-payments, written whole to a temporary file and renamed over the old one (a crash
// leaves the old or the new, never half). The API process (checkout page) and the worker (autopay)
// share them, so nothing is cached in memory.

export interface SandboxPaymentRecord {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  currency: PayCurrency;
  description: string;
  metadata: Record<string, string>;
  returnUrl: string | null;
  savePaymentMethod: boolean;
  receipt: { email?: string | undefined; phone?: string | undefined; items: ReceiptItem[] } | null;
  paymentMethod: { id: string; saved: boolean; last4: string } | null;
  cancellationReason: string | null;
  refunded: number;
  // The idempotence keys of the refunds made.
  refundKeys?: string[];
  createdAt: string;
}

export interface SandboxMethodRecord {
  id: string;
  last4: string;
  // Set: later charges are refused with this reason.
  declines: string | null;
}

// Ids are ours (hex), so a path made from one stays in the directory.
export const SANDBOX_PAYMENT_ID = /^sbx_[0-9a-f]{32}$/;
export const SANDBOX_METHOD_ID = /^sbxpm_[0-9a-f]{32}$/;

export class SandboxStore {
  constructor(readonly dir: string) {}

  async readPayment(id: string): Promise<SandboxPaymentRecord | null> {
    return SANDBOX_PAYMENT_ID.test(id) ? this.#read<SandboxPaymentRecord>(`${id}.json`) : null;
  }

  async writePayment(record: SandboxPaymentRecord): Promise<void> {
    await this.#write(`${record.id}.json`, record);
  }

  async readMethod(id: string): Promise<SandboxMethodRecord | null> {
    return SANDBOX_METHOD_ID.test(id) ? this.#read<SandboxMethodRecord>(`${id}.json`) : null;
  }

  async writeMethod(record: SandboxMethodRecord): Promise<void> {
    await this.#write(`${record.id}.json`, record);
  }

  async #read<T>(name: string): Promise<T | null> {
    try {
      return JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async #write(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temp, JSON.stringify(value), 'utf8');
    await rename(temp, path.join(this.dir, name));
  }
}
