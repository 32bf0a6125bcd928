// The operator's calls, from a terminal: `npm run ops -- <command>` against a running server.
//   invoice-paid <number>     the bank transfer for invoice № <number> arrived: the invoice is paid
//                             and its modules extended (once; a repeat changes nothing)
//   refund <payment id>       refunds a card or autopay payment in full through the provider (our
//                             payment number, or the provider's id as the history shows it) and
//                             takes back the time it bought (once)
//   partner-payout-paid <id>  a consultant's payout request № <id> was paid out (once)
// OPS_TOKEN is the token the server was started with (the server answers 404 without one).
// The server this talks to: OPS_URL, else the PUBLIC_URL or PORT the server was started with, else 3000.
const base = (process.env.OPS_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/+$/,
  '',
);
const token = process.env.OPS_TOKEN ?? '';

async function call(path: string, body: unknown): Promise<unknown> {
  if (!token) throw new Error('set OPS_TOKEN (the same as the server has)');
  const res = await fetch(`${base}/api/ops/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    throw new Error(`no server answers at ${base} (${String(error)}); set PORT, PUBLIC_URL or OPS_URL`);
  });
  const json: unknown = await res.json().catch(() => ({ ok: false, status: res.statusText }));
  // A bare 'Not found' is the server without OPS_TOKEN; an unknown invoice or payment says which.
  if (res.status === 404 && (json as { status?: string }).status === 'Not found') {
    throw new Error(`404: the server has no operator calls (is OPS_TOKEN set there?) ${JSON.stringify(json)}`);
  }
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function main(argv: string[]): Promise<unknown> {
  const [command, arg] = argv;
  switch (command) {
    case 'invoice-paid':
      if (!arg) break;
      return call('invoice_paid', { number: arg });
    case 'refund':
      if (!arg) break;
      return call('refund', { payment_id: arg });
    case 'partner-payout-paid':
      if (!arg || !/^\d{1,9}$/.test(arg)) break;
      return call('partner_payout_paid', { payout_id: Number(arg) });
    default:
      break;
  }
  throw new Error('usage: ops invoice-paid <number> | refund <payment id> | partner-payout-paid <id>');
}

main(process.argv.slice(2)).then(
  (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
