// The sandbox phone, from a terminal: `npm run sandbox -- <command>` against a running server.
//   state                       linked accounts, QR payloads, pairing and Telegram login codes
//   scan <qr> <phone>           a phone scans a QR shown on the connection page
//   pair <code>                 a phone types a WhatsApp pairing code
//   reply <phone> <text...>     a client writes back
//   messages [phone]            what the network carried, newest first
//   network <instance> <ban|drop|logout|unban>
//   bot-start <phone> <link> [name...]   a client opens a bot deep link (t.me/… or max.ru/…) and presses Start
//   bot-contact <phone> <tg_bot|max>     the client shares their phone through the bot's contact button
//   bot-stop <phone> <tg_bot|max>        the client stops (blocks) the bot
// The routes act for a signed-in member of one branch: SANDBOX_TOKEN is an access token (the
// cabinet's `salon.accessToken` in local storage) and SANDBOX_ACC_ID the branch.
// The server this talks to: SANDBOX_URL, else the PUBLIC_URL or PORT the server was started with
// (the same variables: `PORT=4000 npm run sandbox -- state` finds a server on 4000), else 3000.
const base = (
  process.env.SANDBOX_URL ??
  process.env.PUBLIC_URL ??
  `http://localhost:${process.env.PORT ?? 3000}`
).replace(/\/+$/, '');
const token = process.env.SANDBOX_TOKEN ?? '';
const accId = process.env.SANDBOX_ACC_ID ?? '';

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  if (!token || !accId) throw new Error('set SANDBOX_TOKEN (an access token) and SANDBOX_ACC_ID (the branch)');
  const url = new URL(`${base}/api/dev/sandbox/${path}`);
  url.searchParams.set('acc_id', accId);
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error: unknown) => {
    throw new Error(`no server answers at ${base} (${String(error)}); set PORT, PUBLIC_URL or SANDBOX_URL`);
  });
  const json: unknown = await res.json().catch(() => ({ ok: false, status: res.statusText }));
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function main(argv: string[]): Promise<unknown> {
  const [command, ...args] = argv;
  switch (command) {
    case 'state':
      return call('GET', 'state');
    case 'scan':
      return call('POST', 'scan', { qr: args[0], phone: args[1] });
    case 'pair':
      return call('POST', 'pairing', { code: args[0] });
    case 'reply':
      return call('POST', 'reply', { phone: args[0], text: args.slice(1).join(' ') });
    case 'messages':
      return call('GET', `messages${args[0] ? `?phone=${args[0]}` : ''}`);
    case 'network':
      return call('POST', 'network', { instance_id: args[0], event: args[1] });
    case 'bot-start': {
      const name = args.slice(2).join(' ');
      return call('POST', 'bot/start', { phone: args[0], link: args[1], ...(name ? { name } : {}) });
    }
    case 'bot-contact':
      return call('POST', 'bot/share_contact', { phone: args[0], kind: args[1] });
    case 'bot-stop':
      return call('POST', 'bot/stop', { phone: args[0], kind: args[1] });
    default:
      throw new Error(
        [
          'usage: sandbox state | scan <qr> <phone> | pair <code> | reply <phone> <text> | messages [phone]',
          '  | network <instance> <event> | bot-start <phone> <link> [name] | bot-contact <phone> <tg_bot|max>',
          '  | bot-stop <phone> <tg_bot|max>',
        ].join('\n'),
      );
  }
}

main(process.argv.slice(2)).then(
  (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
