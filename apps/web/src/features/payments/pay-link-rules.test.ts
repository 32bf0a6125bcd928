import { describe, expect, it } from 'vitest';
import { PAY_EXTRA_STATUS, PAY_STATUS } from '@salon/contract/payments';
import { ApiError } from '../../shared/api/api-error';
import { payErrorKey, payLinkOutcome } from './pay-link-rules';

describe('payLinkOutcome', () => {
  it('opens an https or http checkout link', () => {
    expect(payLinkOutcome('https://yoomoney.ru/checkout/payments/v2/contract?orderId=1')).toEqual({
      kind: 'open',
      url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=1',
    });
    expect(payLinkOutcome(' http://127.0.0.1:3000/api/payments/sandbox/checkout/abc ')).toEqual({
      kind: 'open',
      url: 'http://127.0.0.1:3000/api/payments/sandbox/checkout/abc',
    });
  });

  it('refuses anything that is not a web URL (SPEC 8)', () => {
    for (const answer of [
      '',
      'not a link',
      'javascript:alert(1)',
      'ftp://host/file',
      null,
      42,
      { url: 'https://x.ru' },
    ]) {
      expect(payLinkOutcome(answer), String(answer)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('payErrorKey', () => {
  it('maps each payment status text to its message', () => {
    expect(payErrorKey(new ApiError(PAY_STATUS.unknownPeriod, 400))).toBe('unknownPeriod');
    expect(payErrorKey(new ApiError(PAY_STATUS.noModules, 400))).toBe('noModules');
    expect(payErrorKey(new ApiError(PAY_STATUS.providerFailed, 502))).toBe('providerFailed');
    expect(payErrorKey(new ApiError(PAY_STATUS.notPayable, 400))).toBe('notPayable');
    expect(payErrorKey(new ApiError(PAY_STATUS.noReceiptContact, 400))).toBe('noReceiptContact');
    for (const [key, text] of Object.entries(PAY_STATUS)) expect(payErrorKey(new ApiError(text, 400))).toBe(key);
  });

  it('maps the autopay, invoice and receipt refusals too', () => {
    expect(payErrorKey(new ApiError(PAY_EXTRA_STATUS.noBillData, 400))).toBe('noBillData');
    expect(payErrorKey(new ApiError(PAY_EXTRA_STATUS.adminBotMissing, 409))).toBe('adminBotMissing');
    for (const [key, text] of Object.entries(PAY_EXTRA_STATUS)) {
      expect(payErrorKey(new ApiError(text, 400))).toBe(key);
    }
  });

  it('leaves other failures to the common texts', () => {
    expect(payErrorKey(new ApiError('Access denied', 403))).toBeNull();
    expect(payErrorKey(new Error('boom'))).toBeNull();
  });
});
