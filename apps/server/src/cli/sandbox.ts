// The sandbox phone, from a terminal: `npm run sandbox -- <command>` against a running server.
//   state                       linked accounts, QR payloads, pairing and Telegram login codes
//   scan <qr> <phone>           a phone scans a QR shown on the connection page
//   pair <code>                 a phone types a WhatsApp pairing code
//   reply <phone> <text...>     a client writes back
//   messages [phone]            what the network carried, newest first
//   network <instance> <ban|drop|logout|unban>
const base = (process.env.SANDBOX_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}/api/dev/sandbox/${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
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
    default:
      throw new Error(
        'usage: sandbox state | scan <qr> <phone> | pair <code> | reply <phone> <text> | messages [phone] | network <instance> <event>',
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
