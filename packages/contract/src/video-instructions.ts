// The video instruction (SPEC 9): one video of the whole cabinet, cut into sections by start time.
// The start time is added to the video link for the three player kinds (YouTube, Rutube, VK Video).
// No zod here: the login page shows the video too and has little JS budget left.

export const VIDEO_SECTIONS = [
  'login',
  'connection',
  'templates',
  'reviews',
  'mailing',
  'autoResponses',
  'inviteFriends',
  'blacklist',
  'settings',
  'partners',
  'consultantPartners',
  'chatHistory',
] as const;
export type VideoSection = (typeof VIDEO_SECTIONS)[number];

// Seconds from the start of the video where each section begins.
export const VIDEO_SECTION_START: Readonly<Record<VideoSection, number>> = {
  login: 0,
  connection: 75,
  templates: 240,
  reviews: 525,
  mailing: 700,
  autoResponses: 930,
  inviteFriends: 1065,
  blacklist: 1230,
  settings: 1310,
  partners: 1500,
  consultantPartners: 1645,
  chatHistory: 1790,
};

export type VideoPlayer = 'youtube' | 'rutube' | 'vk';

interface ParsedVideo {
  player: VideoPlayer;
  url: URL;
}

const YOUTUBE_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
];
const RUTUBE_HOSTS = ['rutube.ru', 'www.rutube.ru'];
const VK_HOSTS = ['vk.com', 'www.vk.com', 'm.vk.com', 'vkvideo.ru', 'www.vkvideo.ru', 'vk.ru', 'www.vk.ru'];

function parse(link: string): ParsedVideo | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || YOUTUBE_HOSTS.includes(host)) return { player: 'youtube', url };
  if (RUTUBE_HOSTS.includes(host)) return { player: 'rutube', url };
  if (VK_HOSTS.includes(host)) return { player: 'vk', url };
  return null;
}

export function videoPlayerOf(link: string): VideoPlayer | null {
  return parse(link)?.player ?? null;
}

// VK Video reads its start as 1h2m3s.
export function vkTimestamp(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s || (!h && !m) ? `${s}s` : ''}`;
}

function whole(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

function setStart(url: URL, player: VideoPlayer, seconds: number): string {
  const params = url.searchParams;
  // Whatever start the link had goes; the other parameters stay.
  params.delete('t');
  if (player === 'youtube') {
    params.delete('start');
    if (url.pathname.startsWith('/embed/')) params.set('start', String(seconds));
    else if (url.hostname === 'youtu.be') params.set('t', String(seconds));
    else params.set('t', `${seconds}s`);
  } else if (player === 'rutube') {
    params.set('t', String(seconds));
  } else {
    params.set('t', vkTimestamp(seconds));
  }
  return url.toString();
}

// The link starting at `seconds`: youtube.com/watch?v=…&t=Ns, youtu.be/…?t=N, youtube.com/embed/…?start=N,
// rutube.ru/video/…/?t=N (and its embed), vk.com/video…?t=1m30s (and video_ext.php). An existing
// start is replaced, other parameters are kept; a link of another kind (or not a link) comes back
// unchanged.
export function videoLinkAt(link: string, seconds: number): string {
  const parsed = parse(link);
  if (!parsed) return link;
  return setStart(parsed.url, parsed.player, whole(seconds));
}

const VK_VIDEO_PATH = /^\/video(-?\d+)_(\d+)/;
const RUTUBE_VIDEO_PATH = /^\/video\/([\w-]+)/;
const YOUTUBE_ID = /^[\w-]{6,}$/;

// The player to put in an iframe, starting at `seconds`; null when the link cannot be embedded
// (then the cabinet offers only the new-tab link).
export function videoEmbedAt(link: string, seconds: number): string | null {
  const parsed = parse(link);
  if (!parsed) return null;
  const { player, url } = parsed;
  const start = whole(seconds);
  if (player === 'youtube') {
    if (url.pathname.startsWith('/embed/')) return setStart(url, 'youtube', start);
    let id: string | null = null;
    if (url.hostname === 'youtu.be') id = url.pathname.slice(1);
    else if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (url.pathname.startsWith('/shorts/') || url.pathname.startsWith('/live/'))
      id = url.pathname.split('/')[2] ?? null;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    const embed = new URL(`https://www.youtube.com/embed/${id}`);
    return setStart(embed, 'youtube', start);
  }
  if (player === 'rutube') {
    if (url.pathname.startsWith('/play/embed/')) return setStart(url, 'rutube', start);
    const id = RUTUBE_VIDEO_PATH.exec(url.pathname)?.[1];
    if (!id) return null;
    const embed = new URL(`https://rutube.ru/play/embed/${id}/`);
    const privateKey = url.searchParams.get('p');
    if (privateKey) embed.searchParams.set('p', privateKey);
    return setStart(embed, 'rutube', start);
  }
  if (url.pathname === '/video_ext.php') return setStart(url, 'vk', start);
  const match = VK_VIDEO_PATH.exec(url.pathname);
  if (!match) return null;
  const embed = new URL(`https://${url.hostname.endsWith('vkvideo.ru') ? 'vkvideo.ru' : 'vk.com'}/video_ext.php`);
  embed.searchParams.set('oid', match[1]!);
  embed.searchParams.set('id', match[2]!);
  return setStart(embed, 'vk', start);
}
