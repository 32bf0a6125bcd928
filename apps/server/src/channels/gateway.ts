import type { Clock } from '../platform/clock.js';
import type { HostCommand, HostCommandResult, ChannelHost } from './host.js';
import type { ChannelRepository } from './repository.js';

const COMMAND_TIMEOUT_MS = 25_000;

// How an API request reaches a channel session: directly when this process holds it, otherwise as
// a command row that the holding worker picks up (API and worker processes may run apart).
export class ChannelGateway {
  constructor(
    private readonly host: ChannelHost | undefined,
    private readonly repo: ChannelRepository,
    private readonly clock: Clock,
  ) {}

  async run(instanceId: string, command: HostCommand): Promise<HostCommandResult> {
    if (this.host && (await this.host.ensure(instanceId))) return this.host.run(instanceId, command);
    const id = await this.repo.addCommand(instanceId, command, this.clock.now());
    const deadline = Date.now() + COMMAND_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const result = await this.repo.commandResult(id);
      if (result !== undefined) return result as HostCommandResult;
      await new Promise((r) => setTimeout(r, 150));
    }
    return { result: 'error', error: 'provider_error', detail: 'no_worker_answered' };
  }

  // Hands a command over without waiting for its result (a bot's webhook update): run here when this
  // process holds the session, else kept for the holder, which takes it on its next tick.
  async deliver(instanceId: string, command: HostCommand): Promise<void> {
    if (this.host?.holds(instanceId)) {
      await this.host.run(instanceId, command);
      return;
    }
    await this.repo.addCommand(instanceId, command, this.clock.now());
  }

  // Asks the holder to drop and reopen the session (reboot), here at once or at its next lease renewal.
  async reopen(instanceId: string): Promise<void> {
    const row = await this.repo.instance(instanceId);
    if (!row) return;
    await this.repo.update(instanceId, { generation: row.generation + 1 });
    await this.host?.renewLeases();
  }
}
