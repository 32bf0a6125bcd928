import { hmac, safeEqual } from '../../platform/crypto.js';

// The start page's link names its branch and carries formHash, an HMAC of the branch under the
// server's secret: nobody without the owner's link can make the salon write to a phone of their
// choosing. No table: the hash is derived again on every request.
const HASH_LENGTH = 32;

export class StartPageLinks {
  constructor(private readonly secret: Buffer) {}

  hashOf(accId: number): string {
    return hmac(this.secret, `start-page:v1:${accId}`).slice(0, HASH_LENGTH);
  }

  // The branch a link names when its hash is right; null for anything else.
  verify(branchId: string, formHash: string): number | null {
    if (!/^[1-9]\d{0,9}$/.test(branchId)) return null;
    const accId = Number(branchId);
    if (accId > 2_147_483_647) return null;
    return safeEqual(this.hashOf(accId), formHash) ? accId : null;
  }
}
