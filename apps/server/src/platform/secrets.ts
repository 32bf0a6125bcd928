import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  encryptionKey: Buffer;
  tokenSecret: Buffer;
}

interface StoredSecrets {
  encryptionKey: string;
  tokenSecret: string;
}

// Keys not given by the environment are generated once and kept in the data dir, so restarts keep
// sessions and encrypted data readable. Several machines must share them through the environment.
export function resolveSecrets(
  dataDir: string,
  given: { ENCRYPTION_KEY?: string | undefined; TOKEN_SECRET?: string | undefined },
): Secrets {
  let stored: StoredSecrets | undefined;
  const file = path.join(dataDir, 'secrets.json');
  if (!given.ENCRYPTION_KEY || !given.TOKEN_SECRET) {
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } else {
      stored = { encryptionKey: randomBytes(32).toString('hex'), tokenSecret: randomBytes(48).toString('base64url') };
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    }
  }
  return {
    encryptionKey: Buffer.from(given.ENCRYPTION_KEY ?? stored!.encryptionKey, 'hex'),
    tokenSecret: Buffer.from(given.TOKEN_SECRET ?? stored!.tokenSecret, 'utf8'),
  };
}
