import type { ModuleContext, ServerModule } from '../platform/module.js';
import type { ChannelKind } from './channel.js';
import { ChatLogRepository } from './chat-log/repository.js';
import { Dispatcher } from './dispatch/dispatcher.js';
import { NO_PACING, PACING, type PacingProfile } from './dispatch/governor.js';
import { dispatchJob, dispatchQueueName, jobsFor, scheduler } from './dispatch/jobs.js';
import { Outbox } from './dispatch/outbox.js';
import { OutboxRepository } from './dispatch/outbox-repository.js';
import type { RecipientPolicy } from './dispatch/recipient-policy.js';
import { SandboxNetwork } from './drivers/sandbox/network.js';
import { selectDrivers, type DriverSelection } from './drivers/select-drivers.js';
import { ChannelHost } from './host.js';
import { channelReadMarker, type ChannelReadMarker } from './read-marker.js';
import { ReplyChain } from './inbound/reply-chain.js';
import { botWebhook } from './reach/bot-webhook.js';
import { ReachService } from './reach/reach-service.js';
import { smsReportUrl } from './sms-reports/report-url.js';
import { ChannelRepository } from './repository.js';

export interface ChannelsModuleDeps extends ModuleContext {
  // API processes only enqueue: sessions live in worker processes (the host).
  withHost: boolean;
  // The branch's name an SMS is signed with (settings); asked only when a message goes out.
  branchName: (accId: number) => Promise<string | null>;
  // What the dispatcher checks of a recipient and a branch (blacklist, consent, sending settings),
  // as SQL its claim embeds; the modules owning those tables provide it.
  recipientPolicy: RecipientPolicy;
}

export interface ChannelsModule extends ServerModule {
  repo: ChannelRepository;
  // Reads of the chat log (chat_messages) for the modules that show it.
  chatLog: ChatLogRepository;
  sandbox: SandboxNetwork;
  host: ChannelHost | undefined;
  // The one transactional outbox every producer writes its messages through; the dispatcher sends them.
  outbox: Outbox;
  dispatcher: Dispatcher;
  // Modules that answer inbound messages plug their handlers in here.
  replies: ReplyChain;
  // Shows a client's messages as read on the messenger, where this process holds the session.
  readMarker: ChannelReadMarker;
  pacing: (kind: ChannelKind) => PacingProfile;
  // The bots' opt-in (who started them, whose phone they shared) and the links that invite clients.
  reach: ReachService;
  // Which provider serves each messenger, and whether the sandbox is on.
  providers: DriverSelection['providers'];
  sandboxEnabled: boolean;
}

// Messengers and SMS: the channel sessions (host), the outbox and its dispatcher, the inbound reply
// chain. The host is started and stopped by the runtime around the queue, not by `start`/`stop`.
export function createChannelsModule(deps: ChannelsModuleDeps): ChannelsModule {
  const { db, config, clock, logger } = deps;
  const repo = new ChannelRepository(db);
  const sandbox = new SandboxNetwork(db, clock, { deliveryMs: config.SANDBOX_DELIVERY_MS });
  const selection = selectDrivers(
    config,
    sandbox,
    logger,
    {
      branchName: deps.branchName,
      reportUrl: config.PUBLIC_URL ? smsReportUrl(deps.encryptionKey, config.PUBLIC_URL) : undefined,
    },
    config.BOT_UPDATES_MODE === 'webhook' ? botWebhook(deps.encryptionKey, config.PUBLIC_URL!) : null,
  );
  const replies = new ReplyChain();
  const reach = new ReachService({ db, clock, instances: repo });
  const host = deps.withHost
    ? new ChannelHost({
        repo,
        clock,
        logger,
        encryptionKey: deps.encryptionKey,
        drivers: selection.drivers,
        onInbound: [
          async (instance, message) => void (await replies.run({ accId: instance.accId, instance, message })),
        ],
        subscribers: {
          onSubscriber: (instance, event) => reach.onSubscriber(instance, event),
          phoneOf: (instance, address) => reach.phoneOf(instance, address),
        },
        leaseMs: config.CHANNEL_LEASE_MS,
      })
    : undefined;
  const pacing = (kind: ChannelKind) => (config.DISPATCH_PACING === 'off' ? NO_PACING : PACING[kind]);
  const schedule = scheduler(deps.queue, clock);
  const outbox = new Outbox({ db, clock, schedule, jobsFor: jobsFor(deps.queue, clock) });
  const dispatcher = new Dispatcher({
    repo: new OutboxRepository(db, deps.recipientPolicy),
    host,
    clock,
    logger,
    pacing,
    claimMs: config.DISPATCH_CLAIM_MS,
    ackTimeoutMs: config.DISPATCH_ACK_TIMEOUT_MS,
    schedule,
  });
  return {
    repo,
    chatLog: new ChatLogRepository(db),
    sandbox,
    host,
    outbox,
    dispatcher,
    replies,
    readMarker: channelReadMarker(host, logger),
    reach,
    pacing,
    providers: selection.providers,
    sandboxEnabled: selection.sandbox,
    jobs: host
      ? [
          dispatchJob(dispatchQueueName(), () => dispatcher),
          dispatchJob(dispatchQueueName(host.owner), () => dispatcher),
        ]
      : [],
    // Rows whose job was lost.
    sweeps: [
      {
        name: 'dispatch.lost-jobs',
        everyMs: config.DISPATCH_SWEEP_MS,
        run: async () => void (await dispatcher.sweep(500, Math.max(5_000, config.DISPATCH_SWEEP_MS))),
      },
    ],
  };
}
