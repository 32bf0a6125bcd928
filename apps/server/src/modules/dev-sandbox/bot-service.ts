import type { BotLinkKind } from '@salon/contract/bot-links';
import type { SandboxNetwork } from '../../channels/drivers/sandbox/network.js';
import type { SandboxScopeRepository } from './repository.js';

// A client's phone on the branch's sandbox bots: opens a deep link and presses Start, shares its
// number, stops the bot. Another branch's bot reads as unknown, as its QR codes do.
export class SandboxBotService {
  constructor(
    private readonly network: SandboxNetwork,
    private readonly scope: SandboxScopeRepository,
  ) {}

  async start(accId: number, phone: string, link: string, name: string | null): Promise<string> {
    const found = await this.network.botOfLink(link);
    if (typeof found === 'string') return found;
    if (!(await this.scope.instanceIds(accId)).includes(found.account.instanceId)) return 'unknown_bot';
    return this.network.botStart(found.account.instanceId, phone, found.token, name);
  }

  async shareContact(accId: number, kind: BotLinkKind, phone: string, name: string | null): Promise<string> {
    const id = await this.scope.instanceOf(accId, kind);
    return id ? this.network.botShareContact(id, phone, name) : 'no_bot';
  }

  async stop(accId: number, kind: BotLinkKind, phone: string): Promise<string> {
    const id = await this.scope.instanceOf(accId, kind);
    return id ? this.network.botStop(id, phone) : 'no_bot';
  }
}
