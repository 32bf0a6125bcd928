import { Anchor, Typography } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';

// Links leave the cabinet in a new tab without handing it the opener.
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  ),
};

// Text or markdown from the server or the locales. Raw HTML is never rendered (no rehype-raw; its
// tags are dropped) and react-markdown's default urlTransform drops javascript: and other unsafe
// link targets.
export function MarkdownText({ children }: { children: string }) {
  return (
    <Typography fz="sm">
      <Markdown components={COMPONENTS} skipHtml>
        {children}
      </Markdown>
    </Typography>
  );
}
