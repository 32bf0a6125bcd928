import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('logger', () => {
  it('logs a failed query without the values it carried', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const cause = Object.assign(new Error('invalid input syntax for type bigint: "79991234567"'), { code: '22P02' });
    const failed = new DrizzleQueryError(
      'insert into "clients" ("acc_id", "phone", "text") values ($1, $2, $3)',
      [1001, '79991234567', 'Dear Anna,\nyour visit'],
      cause,
    );
    createLogger('info', sink).error({ err: failed }, 'unhandled error');
    const logged = lines.join('');
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('invalid input syntax for type bigint');
    expect(logged).not.toContain('79991234567');
    expect(logged).not.toContain('Anna');
    expect(logged).not.toContain('your visit');
  });

  it('logs a database error without the values its detail quotes', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const err = Object.assign(new Error('duplicate key value violates unique constraint "clients_phone_key"'), {
      detail: 'Key (acc_id, phone)=(1001, 79991234567) already exists.',
      code: '23505',
    });
    createLogger('info', sink).error({ err }, 'job failed');
    const logged = lines.join('');
    expect(logged).toContain('Key (acc_id, phone)');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('79991234567');
  });
});
