import type { AccountsResponse, AgreementsWire, HeaderBannerResponse } from '@salon/contract/accounts';
import type { Language } from '@salon/contract/constants';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import { toBranchWire, toConsultantWire } from './mapper.js';
import type { AccountsRepository, BannerRow } from './repository.js';

// Banners are the same for everyone and change rarely: a minute of staleness saves a query per load.
const BANNER_TTL_MS = 60_000;

export class AccountsService {
  #banners: { at: number; rows: BannerRow[] } | undefined;

  constructor(
    private readonly repo: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  private async banners(): Promise<BannerRow[]> {
    const now = this.clock.now().getTime();
    if (!this.#banners || now - this.#banners.at > BANNER_TTL_MS) {
      this.#banners = { at: now, rows: await this.repo.activeBanners() };
    }
    return this.#banners.rows;
  }

  async accounts(userId: number, infoBlock: string | undefined): Promise<AccountsResponse> {
    const [profile, rows, banners] = await Promise.all([
      this.repo.profile(userId, infoBlock),
      this.repo.branchesOf(userId),
      this.banners(),
    ]);
    if (!profile) throw errors.unauthorized();
    const { user, consultant } = profile;
    const infoCount = infoBlock ? (profile.infoBlockCount ?? 0) : null;
    return {
      ok: true,
      accounts: rows.map(toBranchWire),
      accounts_data: {
        user_id: String(user.telegramId),
        name: user.name,
        avatar_url: user.avatarUrl,
        lang: user.lang === 'en' ? 'en' : 'ru',
        info_block_count: infoCount,
      },
      banners_data: banners.map((b) => ({ image_url: b.imageUrl, info_url: b.infoUrl })),
      consultant: consultant !== null,
      consultant_data: consultant ? toConsultantWire(consultant) : null,
      agreements: {
        mandatory_agreement: profile.mandatory ?? false,
        optional_agreement: profile.optional ?? false,
      },
    };
  }

  async acceptAgreements(userId: number, optional: boolean): Promise<AgreementsWire> {
    await this.repo.saveAgreements(userId, true, optional, this.clock.now());
    return { mandatory_agreement: true, optional_agreement: optional };
  }

  infoBlockCount(userId: number, blockName: string): Promise<number> {
    return this.repo.infoBlockCount(userId, blockName);
  }

  async bumpInfoBlock(userId: number, blockName: string): Promise<boolean> {
    await this.repo.incrementInfoBlock(userId, blockName);
    return true;
  }

  async headerBanner(): Promise<HeaderBannerResponse['banner']> {
    const row = await this.repo.latestHeaderBanner();
    return row ? { id: row.id, text: { ru: row.textRu, en: row.textEn } } : null;
  }

  setLang(userId: number, lang: Language): Promise<void> {
    return this.repo.setLang(userId, lang);
  }
}
