// The baseline for the accounts benchmark: a bare Fastify route answering the same JSON body
// from memory, with no auth, validation or database.
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{"ok":true}';
const app = Fastify({ logger: false });
app.get('/bare', (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('bare ready\n');
