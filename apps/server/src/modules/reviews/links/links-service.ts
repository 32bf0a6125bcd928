import { randomInt } from 'node:crypto';
import type { ReviewSite } from '@salon/contract/reviews';
import type { Clock } from '../../../platform/clock.js';
import type { RecordLinks } from '../../../crm/record-variables.js';
import type { ReviewLinksRepository, LinkKind } from './links-repository.js';
import { pageLang } from '../../../platform/http/public-page.js';
import { chooserPage, noSitesPage, notFoundPage } from './page.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const LINK_CODE_LENGTH = 12;
// What a short link's code looks like; anything else is refused before the database is asked.
export const LINK_CODE = /^[0-9A-Za-z]{10,32}$/;
// Where the links are served, under the main host (`/api`): `${publicBase}/api/l/<code>`.
export const LINK_PATH = '/l';

export function newLinkCode(length = LINK_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export interface ReviewLinksDeps {
  repo: ReviewLinksRepository;
  // The branch's review destinations (the chains' settings).
  sites: (accId: number) => Promise<ReviewSite[]>;
  // The server's public address: PUBLIC_URL, else http://localhost:PORT.
  publicBase: string;
  clock: Clock;
}

// What a short link answers: a redirect, or a page.
export type LinkAnswer = { kind: 'redirect'; location: string } | { kind: 'page'; status: 200 | 404; html: string };

// {review_link} and {tips_link}: a short link of ours per visit, client and kind, which records
// the click (who, which chain or template, when) and leads to the salon's review site, or to a
// chooser when it has several. Every client who rated may get it: nothing here looks at the rating.
export class ReviewLinks implements RecordLinks {
  constructor(private readonly d: ReviewLinksDeps) {}

  url(code: string): string {
    return `${this.d.publicBase.replace(/\/+$/, '')}/api${LINK_PATH}/${code}`;
  }

  async linkFor(request: Parameters<RecordLinks['linkFor']>[0]): Promise<string> {
    const { accId, kind, recordId, phone } = request;
    const existing = await this.d.repo.codeOf(accId, kind, recordId, phone);
    if (existing) {
      if (request.chainId) await this.d.repo.claimForChain(existing, request.chainId);
      return this.url(existing);
    }
    const code = newLinkCode();
    const created = await this.d.repo.insert({
      code,
      accId,
      kind,
      recordId,
      clientPhone: phone,
      chainId: request.chainId ?? null,
      templateId: request.templateId ?? null,
      runId: request.runId ?? null,
      createdAt: this.d.clock.now(),
    });
    if (created) return this.url(code);
    // Made at the same moment by another producer: theirs is the visit's link.
    const theirs = await this.d.repo.codeOf(accId, kind, recordId, phone);
    return this.url(theirs ?? code);
  }

  // A click on a link: counted, then where it leads in the salon's current settings.
  async open(code: string, acceptLanguage: string | undefined): Promise<LinkAnswer> {
    const lang = pageLang(acceptLanguage);
    const link = LINK_CODE.test(code) ? await this.d.repo.click(code, this.d.clock.now()) : null;
    if (!link) return { kind: 'page', status: 404, html: notFoundPage(lang) };
    const all = await this.d.sites(link.accId);
    const sites = all.filter((s) => (link.kind === 'tips' ? s.kind === 'tips' : s.kind !== 'tips'));
    if (sites.length === 1) return { kind: 'redirect', location: sites[0]!.url };
    const salon = (await this.d.repo.branchName(link.accId)) ?? '';
    const html = sites.length === 0 ? noSitesPage(lang, salon, link.kind) : chooserPage(lang, salon, link.kind, sites);
    return { kind: 'page', status: 200, html };
  }
}

export type { LinkKind };
