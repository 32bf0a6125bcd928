import { describe, expect, it } from 'vitest';
import { channelStatusColor, channelStatusKey } from './tariff-rules';

describe('tariff card channel states', () => {
  it('words every server state, an unknown one as not connected', () => {
    expect(channelStatusKey('authenticated')).toBe('authenticated');
    expect(channelStatusKey('got qr code')).toBe('connecting');
    expect(channelStatusKey('loading')).toBe('connecting');
    expect(channelStatusKey('no_pay')).toBe('noPay');
    expect(channelStatusKey('drop')).toBe('off');
    expect(channelStatusKey('not_authenticated')).toBe('off');
    expect(channelStatusKey('something new')).toBe('off');
    expect(channelStatusColor('authenticated')).toBe('teal');
    expect(channelStatusColor('error')).toBe('red');
  });
});
