import { describe, expect, it } from 'vitest';
import {
  VIDEO_SECTION_START,
  VIDEO_SECTIONS,
  videoEmbedAt,
  videoLinkAt,
  videoPlayerOf,
  vkTimestamp,
} from './video-instructions.js';

describe('videoLinkAt', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcDEF12345', 90, 'https://www.youtube.com/watch?v=abcDEF12345&t=90s'],
    ['https://youtu.be/abcDEF12345', 90, 'https://youtu.be/abcDEF12345?t=90'],
    ['https://www.youtube.com/embed/abcDEF12345', 90, 'https://www.youtube.com/embed/abcDEF12345?start=90'],
    ['https://rutube.ru/video/0123456789abcdef/', 90, 'https://rutube.ru/video/0123456789abcdef/?t=90'],
    ['https://rutube.ru/play/embed/0123456789abcdef/', 90, 'https://rutube.ru/play/embed/0123456789abcdef/?t=90'],
    ['https://vk.com/video-123_456', 90, 'https://vk.com/video-123_456?t=1m30s'],
    ['https://vkvideo.ru/video-123_456', 3725, 'https://vkvideo.ru/video-123_456?t=1h2m5s'],
    [
      'https://vk.com/video_ext.php?oid=-123&id=456&hash=ab',
      45,
      'https://vk.com/video_ext.php?oid=-123&id=456&hash=ab&t=45s',
    ],
  ])('adds the start to %s', (link, seconds, expected) => {
    expect(videoLinkAt(link, seconds)).toBe(expected);
  });

  it('replaces an existing start and keeps the other parameters', () => {
    expect(videoLinkAt('https://www.youtube.com/watch?t=10s&v=abcDEF12345&list=PL1', 240)).toBe(
      'https://www.youtube.com/watch?v=abcDEF12345&list=PL1&t=240s',
    );
    expect(videoLinkAt('https://youtu.be/abcDEF12345?si=xyz&t=5', 60)).toBe('https://youtu.be/abcDEF12345?si=xyz&t=60');
    expect(videoLinkAt('https://www.youtube.com/embed/abcDEF12345?start=5&rel=0', 60)).toBe(
      'https://www.youtube.com/embed/abcDEF12345?rel=0&start=60',
    );
    expect(videoLinkAt('https://rutube.ru/video/abc/?p=key&t=3', 60)).toBe('https://rutube.ru/video/abc/?p=key&t=60');
    expect(videoLinkAt('https://vk.com/video-1_2?t=5s&list=ln', 61)).toBe('https://vk.com/video-1_2?list=ln&t=1m1s');
  });

  it('starts at 0 for a negative or broken time', () => {
    expect(videoLinkAt('https://youtu.be/abcDEF12345', -5)).toBe('https://youtu.be/abcDEF12345?t=0');
    expect(videoLinkAt('https://rutube.ru/video/abc/', Number.NaN)).toBe('https://rutube.ru/video/abc/?t=0');
    expect(videoLinkAt('https://vk.com/video-1_2', 12.7)).toBe('https://vk.com/video-1_2?t=12s');
  });

  it.each(['not a link', '', 'javascript:alert(1)', 'https://example.org/video?t=5', 'ftp://youtube.com/watch?v=x'])(
    'returns %j unchanged',
    (link) => {
      expect(videoLinkAt(link, 30)).toBe(link);
    },
  );
});

describe('videoEmbedAt', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcDEF12345&t=9s', 'https://www.youtube.com/embed/abcDEF12345?start=30'],
    ['https://youtu.be/abcDEF12345', 'https://www.youtube.com/embed/abcDEF12345?start=30'],
    ['https://www.youtube.com/embed/abcDEF12345?rel=0', 'https://www.youtube.com/embed/abcDEF12345?rel=0&start=30'],
    ['https://rutube.ru/video/0123abcd/?p=key', 'https://rutube.ru/play/embed/0123abcd/?p=key&t=30'],
    ['https://rutube.ru/play/embed/0123abcd/', 'https://rutube.ru/play/embed/0123abcd/?t=30'],
    ['https://vk.com/video-123_456', 'https://vk.com/video_ext.php?oid=-123&id=456&t=30s'],
    ['https://vkvideo.ru/video-123_456', 'https://vkvideo.ru/video_ext.php?oid=-123&id=456&t=30s'],
    ['https://vk.com/video_ext.php?oid=-1&id=2&hash=h', 'https://vk.com/video_ext.php?oid=-1&id=2&hash=h&t=30s'],
  ])('embeds %s', (link, expected) => {
    expect(videoEmbedAt(link, 30)).toBe(expected);
  });

  it.each(['https://www.youtube.com/@channel', 'https://rutube.ru/channel/1/', 'https://vk.com/club1', 'nonsense'])(
    'cannot embed %s',
    (link) => {
      expect(videoEmbedAt(link, 30)).toBeNull();
    },
  );
});

describe('sections', () => {
  it('has a start for every section, in order', () => {
    const starts = VIDEO_SECTIONS.map((section) => VIDEO_SECTION_START[section]);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('knows the player kinds', () => {
    expect(videoPlayerOf('https://m.youtube.com/watch?v=abcDEF12345')).toBe('youtube');
    expect(videoPlayerOf('https://rutube.ru/video/a/')).toBe('rutube');
    expect(videoPlayerOf('https://vkvideo.ru/video-1_2')).toBe('vk');
    expect(videoPlayerOf('https://example.org')).toBeNull();
    expect(vkTimestamp(0)).toBe('0s');
    expect(vkTimestamp(3600)).toBe('1h');
  });
});
