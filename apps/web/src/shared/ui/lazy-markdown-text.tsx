import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

// react-markdown and its parsers load only when some markdown is shown.
const MarkdownText = lazy(() => import('./markdown-text').then((module) => ({ default: module.MarkdownText })));

export function LazyMarkdownText({ children }: { children: string }) {
  return (
    <Suspense fallback={<Loader size="sm" type="dots" />}>
      <MarkdownText>{children}</MarkdownText>
    </Suspense>
  );
}
