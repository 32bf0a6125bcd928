import type { AccountsResponse, AgreementsWire, HeaderBannerResponse } from '@salon/contract/accounts';
import type { Language } from '@salon/contract/constants';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import { toBranchWire, toConsultantWire } from './mapper.js';
import type { AccountsRepository } from './repository.js';

export class AccountsService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  async accounts(userId: number, infoBlock: string | undefined): Promise<AccountsResponse> {
    const [user, rows, consultant, agreements, banners, infoCount] = await Promise.all([
      this.repo.user(userId),
      this.repo.branchesOf(userId),
      this.repo.consultant(userId),
      this.repo.agreements(userId),
      this.repo.activeBanners(),
      infoBlock ? this.repo.infoBlockCount(userId, infoBlock) : Promise.resolve(null),
    ]);
    if (!user) throw errors.unauthorized();
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
      consultant: consultant !== undefined,
      consultant_data: consultant ? toConsultantWire(consultant) : null,
      agreements: {
        mandatory_agreement: agreements?.mandatory ?? false,
        optional_agreement: agreements?.optional ?? false,
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
