import { createHash, randomBytes } from 'node:crypto';
import { Api, helpers, password as srp } from 'telegram';

// Test support: the server side of Telegram's SRP 2FA check, so tests run GramJS's real
// computeCheck against parameters and a verifier the way Telegram builds them
// (core.telegram.org/api/srp), and a wrong password really fails the proof.

// Telegram's 2048-bit group; GramJS refuses any other prime.
const P = Buffer.from(
  'c71caeb9c6b1c9048e6c522f70f13f73980d40238e3e21c14934d037563d930f48198a0aa7c14058229493d22530f4db' +
    'fa336f6e0ac925139543aed44cce7c3720fd51f69458705ac68cd4fe6b6b13abdc9746512969328454f18faf8c595f64' +
    '2477fe96bb2a941d5bcd1d4ac8cc49880708fa9b378e3c4f3a9060bee67cf9a4a4a695811051907e162753b56b0f6b41' +
    '0dba74d8a84b2a14b3144e0ef1284754fd17ed950d5965b4b9dd46582db1178d169c6bc465b0d6ff9ca3928fef5b9ae4' +
    'e418fc15e83ebea0f87fa9ff5eed70050ded2849f47bf959d956850ce929851f0d8115f635b105ee2e4e15d04b2454bf' +
    '6f4fadf034b10403119cd8e3b92fcc5b',
  'hex',
);
const G = 3;

export class FakeCloudPassword {
  readonly #algo = new Api.PasswordKdfAlgoSHA256SHA256PBKDF2HMACSHA512iter100000SHA256ModPow({
    salt1: randomBytes(40),
    salt2: randomBytes(16),
    g: G,
    p: P,
  });
  readonly #verifier: Promise<bigint>;
  // The server's secret b for each srp_id it handed out.
  readonly #sessions = new Map<string, { b: bigint; B: Buffer }>();

  constructor(password: string) {
    // v = g^x mod p, x derived from the password and salts: what Telegram stores instead of it.
    this.#verifier = srp.computeDigest(this.#algo, password).then(toBigInt);
  }

  // account.getPassword
  async parameters(): Promise<Api.account.Password> {
    const p = toBigInt(P);
    const v = await this.#verifier;
    const k = toBigInt(sha256(P, pad(BigInt(G))));
    const b = toBigInt(randomBytes(256));
    const B = pad((k * v + modPow(BigInt(G), b, p)) % p);
    const srpId = helpers.returnBigInt(BigInt(`0x${randomBytes(7).toString('hex')}`));
    this.#sessions.set(srpId.toString(), { b, B });
    return new Api.account.Password({
      hasPassword: true,
      currentAlgo: this.#algo,
      srp_B: B,
      srpId,
      hint: 'test hint',
      newAlgo: new Api.PasswordKdfAlgoUnknown(),
      newSecureAlgo: new Api.SecurePasswordKdfAlgoUnknown(),
      secureRandom: randomBytes(32),
    });
  }

  // auth.checkPassword: does the client's proof M1 match what the verifier says it must be?
  async accepts(check: Api.TypeInputCheckPasswordSRP): Promise<boolean> {
    if (!(check instanceof Api.InputCheckPasswordSRP)) return false;
    const session = this.#sessions.get(check.srpId.toString());
    if (!session) return false;
    this.#sessions.delete(check.srpId.toString());
    const p = toBigInt(P);
    const v = await this.#verifier;
    const A = check.A;
    const u = toBigInt(sha256(A, session.B));
    const S = modPow((toBigInt(A) * modPow(v, u, p)) % p, session.b, p);
    const K = sha256(pad(S));
    const hp = sha256(P);
    const hg = sha256(pad(BigInt(G)));
    const xored = Buffer.from(hp.map((byte, i) => byte ^ (hg[i] ?? 0)));
    const expected = sha256(xored, sha256(this.#algo.salt1), sha256(this.#algo.salt2), A, session.B, K);
    return expected.equals(check.M1);
  }
}

function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function toBigInt(bytes: Buffer): bigint {
  return BigInt(`0x${bytes.toString('hex') || '0'}`);
}

function pad(value: bigint): Buffer {
  return Buffer.from(value.toString(16).padStart(512, '0'), 'hex');
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}
