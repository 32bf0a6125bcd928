import { describe, expect, it } from 'vitest';
import { addressList, isLoopbackAddress, isYookassaAddress } from './ip-ranges.js';

describe('YooKassa notification senders', () => {
  it.each([
    // 185.71.76.0/27: .0 … .31
    ['185.71.76.0', true],
    ['185.71.76.31', true],
    ['185.71.76.32', false],
    ['185.71.75.255', false],
    // 185.71.77.0/27
    ['185.71.77.1', true],
    ['185.71.77.31', true],
    ['185.71.77.32', false],
    // 77.75.153.0/25: .0 … .127
    ['77.75.153.0', true],
    ['77.75.153.127', true],
    ['77.75.153.128', false],
    // 77.75.154.128/25: .128 … .255
    ['77.75.154.127', false],
    ['77.75.154.128', true],
    ['77.75.154.255', true],
    ['77.75.155.0', false],
    // Two single addresses
    ['77.75.156.11', true],
    ['77.75.156.35', true],
    ['77.75.156.12', false],
    ['77.75.156.34', false],
    // 2a02:5180::/32
    ['2a02:5180::', true],
    ['2a02:5180:0:1::5', true],
    ['2a02:5180:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2a02:5181::1', false],
    ['2a02:517f:ffff::1', false],
    ['2A02:5180::AB', true],
    // IPv4-mapped IPv6, as a dual-stack socket reports an IPv4 peer
    ['::ffff:185.71.76.1', true],
    ['::ffff:185.71.76.32', false],
    ['::ffff:b947:4c05', true],
    ['::ffff:77.75.154.200', true],
    // Not YooKassa, or not an address at all
    ['127.0.0.1', false],
    ['::1', false],
    ['10.0.0.1', false],
    ['', false],
    ['185.71.76', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isYookassaAddress(address)).toBe(expected);
  });

  it('takes no address as untrusted', () => {
    expect(isYookassaAddress(undefined)).toBe(false);
  });
});

describe('sandbox notification senders', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['::2', false],
    ['185.71.76.1', false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('addressList', () => {
  it('refuses a range that is not an address', () => {
    expect(() => addressList(['example.com/24'])).toThrow(/not an address range/);
  });
});
