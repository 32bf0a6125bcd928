import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

const render = (markdown: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MarkdownText>{markdown}</MarkdownText>
    </MantineProvider>,
  );

describe('MarkdownText', () => {
  it('renders markdown, links opening in a new tab without the opener', () => {
    const html = render('**Bold** and [the docs](https://example.org/docs)');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.org\/docs"/);
    expect(html).toMatch(/<a [^>]*target="_blank"/);
    expect(html).toMatch(/<a [^>]*rel="noopener noreferrer"/);
  });

  it('drops javascript: and other unsafe link targets', () => {
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<b>x</b>',
    ]) {
      const html = render(`[x](${link}) and <${link}>`);
      expect(html, link).not.toMatch(/href="[^"]*(script|data):/i);
    }
    // The link stays a link, with its target emptied.
    const link = render('[x](javascript:alert(1))');
    expect(link).not.toContain('javascript:');
    expect(link).toMatch(/<a [^>]*href=""[^>]*>x<\/a>/);
  });

  it('never renders raw HTML', () => {
    const html = render(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> <a href="javascript:alert(1)">y</a>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Hi');
  });
});
