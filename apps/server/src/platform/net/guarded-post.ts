import type { LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress, parseWebhookUrl, type AddressGuardOptions } from './address-guard.js';

export interface GuardedPostOptions extends AddressGuardOptions {
  // The whole call: resolving, connecting, sending and the answer's status line.
  timeoutMs: number;
}

// The one address the guard checked, whatever the connection asks for: the name is never resolved
// a second time (a rebinding DNS answer cannot swap in an internal address after the check). The
// name itself stays in the URL, so the Host header and the TLS server name are the real ones.
function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

// POSTs a JSON body to an outside URL that came from configuration or a user: http(s) only, every
// address of its host must be public (unless allowed), the connection goes to the checked address,
// redirects are not followed (a 3xx is an answer like any other), and the whole call is bounded.
// Resolves with the status code; the answer's body is drained, never read. Throws AddressRefused
// before any connection, or the network's error (a time-out included).
export async function postJsonGuarded(rawUrl: string, body: unknown, options: GuardedPostOptions): Promise<number> {
  const url = parseWebhookUrl(rawUrl);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const pinned = await Promise.race([
    checkedAddress(url, options),
    new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(new Error(`timed out after ${options.timeoutMs} ms`)), {
        once: true,
      });
    }),
  ]);
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        // A fresh connection each time: a pooled one could lead to an address checked for another call.
        agent: false,
        lookup: pinnedLookup(pinned),
        signal,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length },
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on('error', () => undefined);
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err) => reject(signal.aborted ? new Error(`timed out after ${options.timeoutMs} ms`) : err));
    req.end(payload);
  });
}
