import type {
  AccountsResponse,
  AgreementsWire,
  ConsultantDataWire,
  HeaderBannerResponse,
} from '@salon/contract/accounts';
import type { Language } from '@salon/contract/constants';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import { toBranchWire, type BranchFacts } from './mapper.js';
import type { AccountsRepository, BannerRow } from './repository.js';

// Banners are the same for everyone and change rarely: a minute of staleness saves a query per load.
const BANNER_TTL_MS = 60_000;

// What other modules tell of a user's branches (templates module, channels), through their
// repositories: this module never reads their tables.
export interface BranchSources {
  templateCounts(accIds: readonly number[]): Promise<Map<number, number>>;
  channelStatuses(accIds: readonly number[]): Promise<{ accId: number; kind: string; status: string }[]>;
  // The partners module's answer: the user's partner data (SPEC 7 consultant_data), or null.
  consultantData(userId: number): Promise<ConsultantDataWire | null>;
}

export interface AccountsQuery {
  // The channel states as the sessions last reported them, not the branch row's summary.
  checkStatus?: boolean;
  // The info block whose count accounts_data carries.
  infoBlock?: string;
}

export class AccountsService {
  #banners: { at: number; rows: BannerRow[] } | undefined;

  constructor(
    private readonly repo: AccountsRepository,
    private readonly clock: Clock,
    private readonly sources: BranchSources,
  ) {}

  private async branchFacts(accIds: number[], checkStatus: boolean): Promise<Map<number, BranchFacts>> {
    const [counts, statuses] = await Promise.all([
      this.sources.templateCounts(accIds),
      checkStatus ? this.sources.channelStatuses(accIds) : Promise.resolve([]),
    ]);
    const facts = new Map<number, BranchFacts>(accIds.map((id) => [id, { templates: counts.get(id) ?? 0 }]));
    for (const { accId, kind, status } of statuses) {
      const entry = facts.get(accId);
      if (entry && (kind === 'whatsapp' || kind === 'telegram')) entry.channels = { ...entry.channels, [kind]: status };
    }
    return facts;
  }

  private async banners(): Promise<BannerRow[]> {
    const now = this.clock.now().getTime();
    if (!this.#banners || now - this.#banners.at > BANNER_TTL_MS) {
      this.#banners = { at: now, rows: await this.repo.activeBanners() };
    }
    return this.#banners.rows;
  }

  async accounts(userId: number, { checkStatus = false, infoBlock }: AccountsQuery = {}): Promise<AccountsResponse> {
    const [profile, rows, banners, consultant] = await Promise.all([
      this.repo.profile(userId, infoBlock),
      this.repo.branchesOf(userId),
      this.banners(),
      this.sources.consultantData(userId),
    ]);
    if (!profile) throw errors.unauthorized();
    const facts = await this.branchFacts(
      rows.map((r) => r.accId),
      checkStatus,
    );
    const { user } = profile;
    const infoCount = infoBlock ? (profile.infoBlockCount ?? 0) : null;
    return {
      ok: true,
      accounts: rows.map((row) => toBranchWire(row, facts.get(row.accId))),
      accounts_data: {
        user_id: String(user.telegramId),
        name: user.name,
        avatar_url: user.avatarUrl,
        lang: user.lang === 'en' ? 'en' : 'ru',
        info_block_count: infoCount,
      },
      banners_data: banners.map((b) => ({ image_url: b.imageUrl, info_url: b.infoUrl })),
      consultant: consultant !== null,
      consultant_data: consultant,
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

  // How often the user was shown the block; with a limit, counted up to it (the cabinet asks
  // whether a block was shown at least `limit` times).
  async infoBlockCount(userId: number, blockName: string, limit?: number): Promise<number> {
    const count = await this.repo.infoBlockCount(userId, blockName);
    return limit === undefined ? count : Math.min(count, limit);
  }

  // Whether the showing was recorded.
  bumpInfoBlock(userId: number, blockName: string): Promise<boolean> {
    return this.repo.incrementInfoBlock(userId, blockName);
  }

  async headerBanner(): Promise<HeaderBannerResponse['banner']> {
    const row = await this.repo.latestHeaderBanner();
    return row ? { id: row.id, text: { ru: row.textRu, en: row.textEn } } : null;
  }

  setLang(userId: number, lang: Language): Promise<void> {
    return this.repo.setLang(userId, lang);
  }
}
