import { Button, Group } from '@mantine/core';
import { IconAddressBook, IconExternalLink, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { botDeepLinksIn } from '@salon/contract/bot-links';
import type { SandboxMessageWire } from '@salon/contract/dev-sandbox';
import { botKindsOf, isBotKind, type ClientThread } from '../sandbox-rules';
import { useSandboxRun } from './use-sandbox-run';

const withName = (name: string | null) => (name ? { name } : {});

// What the client's phone can do with a message: open a bot link in it (the messenger opens the
// bot and presses Start), or answer the bot's contact request with its own number.
export function SandboxMessageActions({ message, name }: { message: SandboxMessageWire; name: string | null }) {
  const { t } = useTranslation('dev-sandbox');
  const sandbox = useSandboxRun();
  const links = botDeepLinksIn(message.body);
  const kind = message.kind;
  const askContact = message.direction === 'to_client' && message.ask_contact && isBotKind(kind);
  if (links.length === 0 && !askContact) return null;
  return (
    <Group gap={6} mt={4}>
      {links.map((link) => (
        <Button
          key={link}
          size="compact-xs"
          variant="light"
          leftSection={<IconExternalLink size={14} aria-hidden />}
          loading={sandbox.pending}
          onClick={() => sandbox.run({ type: 'botStart', phone: message.phone, link, ...withName(name) })}
          data-testid="sandbox-open-link"
          data-link={link}
        >
          {t('bot.openLink')}
        </Button>
      ))}
      {askContact && (
        <Button
          size="compact-xs"
          variant="filled"
          leftSection={<IconAddressBook size={14} aria-hidden />}
          loading={sandbox.pending}
          onClick={() => sandbox.run({ type: 'botContact', phone: message.phone, kind, ...withName(name) })}
          data-testid="sandbox-share-contact"
        >
          {t('bot.shareContact')}
        </Button>
      )}
    </Group>
  );
}

// The client stops (blocks) a bot it talked with: the bot's messages to it fail from then on.
export function SandboxStopBots({ thread }: { thread: ClientThread }) {
  const { t } = useTranslation('dev-sandbox');
  const sandbox = useSandboxRun();
  const kinds = botKindsOf(thread);
  if (kinds.length === 0) return null;
  return (
    <Group gap={6}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconPlayerStop size={14} aria-hidden />}
          loading={sandbox.pending && sandbox.variables?.type === 'botStop' && sandbox.variables.kind === kind}
          onClick={() => sandbox.run({ type: 'botStop', phone: thread.phone, kind })}
          data-testid={`sandbox-stop-bot-${kind}`}
        >
          {t('bot.stop', { bot: t(`kind.${kind}`) })}
        </Button>
      ))}
    </Group>
  );
}
