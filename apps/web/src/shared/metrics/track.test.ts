import { afterEach, describe, expect, it, vi } from 'vitest';
import { metricRequest, setMetricsSender, track } from './track';

describe('track', () => {
  afterEach(() => setMetricsSender(null));

  it('posts a SPEC 7 event to its own path', () => {
    expect(metricRequest('lk_login')).toMatchObject({ method: 'POST', path: '/metrics/lk_login', body: {} });
    expect(metricRequest('open_template', { id: 'e12' })).toMatchObject({
      path: '/metrics/open_template',
      body: { props: { id: 'e12' } },
    });
  });

  it('posts the custom names to send_custom_event', () => {
    expect(metricRequest('Connect_open')).toMatchObject({
      path: '/metrics/send_custom_event',
      body: { name: 'Connect_open' },
    });
  });

  it('does nothing for generic or unknown events', async () => {
    const sent = vi.fn(() => Promise.resolve());
    setMetricsSender(sent);
    track('page_view');
    track('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).not.toHaveBeenCalled();
    expect(metricRequest('page_view')).toBeNull();
  });

  it('never throws and never waits, whatever the sender does', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    setMetricsSender(failing);
    expect(track('connect_qr_open')).toBeUndefined();
    expect(failing).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalledTimes(1);
    setMetricsSender(() => {
      throw new Error('sync failure');
    });
    expect(() => track('connect_stop')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
