import { Suspense } from 'react';
import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from './side-drawer';

interface HelpDrawerLinkProps {
  // The drawer's title is help:<topic>.title; its markdown is `markdown`, else help:<topic>.text.
  topic: 'channelPriority' | 'headerBanner';
  markdown?: string;
  // "What is this?" with a help icon, or a plain "More".
  label?: 'whatIsThis' | 'more';
  testId?: string;
}

// A small link that opens the side drawer with an explanation or the whole of a notice. It shows
// once the help texts are loaded, without holding up its page.
export function HelpDrawerLink(props: HelpDrawerLinkProps) {
  return (
    <Suspense fallback={null}>
      <HelpDrawerLinkBody {...props} />
    </Suspense>
  );
}

function HelpDrawerLinkBody({
  topic,
  markdown,
  label = 'whatIsThis',
  testId = 'help-drawer-link',
}: HelpDrawerLinkProps) {
  const { t } = useTranslation('help');
  const [opened, drawer] = useDisclosure(false);
  const text = markdown ?? (topic === 'channelPriority' ? t('channelPriority.text') : '');
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={drawer.open}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        {label === 'whatIsThis' && (
          <IconHelpCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        )}
        {t(label)}
      </Anchor>
      <SideDrawer
        opened={opened}
        onClose={drawer.close}
        title={t(`${topic}.title`)}
        markdown={text}
        testId="side-drawer"
      />
    </>
  );
}
