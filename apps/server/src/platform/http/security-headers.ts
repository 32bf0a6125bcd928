import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Where the video instruction's player may come from (SPEC 9: YouTube, Rutube, VK Video).
const VIDEO_PLAYER_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://rutube.ru',
  'https://vk.com',
  'https://vkvideo.ru',
];

// The cabinet's policy: its own scripts only (the built index.html has no inline script), styles
// inline too because Mantine writes <style> tags and style attributes at run time, images from
// anywhere over HTTPS (Telegram avatars) plus data:/blob: (QR codes, previews of picked files),
// and never inside another site's frame.
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // The video instruction's player is the only frame the cabinet shows.
  frameSrc: VIDEO_PLAYER_ORIGINS,
  // Not set: over plain HTTP (a LAN install, the tests) it would send the cabinet's own calls to https.
  upgradeInsecureRequests: null,
};

const HSTS = 'max-age=31536000; includeSubDomains';

// Security headers on every answer, API and cabinet alike. HSTS only when the request came over
// HTTPS (directly, or as a trusted proxy says): over plain HTTP it would be ignored at best, and
// would pin a LAN install's name to HTTPS at worst.
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // require-corp would keep out the images of other sites (Telegram avatars).
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
