// Markdown read as the text a person sees: markup that would only add noise to the passages (and
// to the summary) is removed, the words stay. Light on purpose: no parser, line by line.
export function markdownToText(md: string): string {
  return md
    .split('\n')
    .filter((line) => !/^\s*(```|~~~)/.test(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s{0,3}>\s?/, '')
        .replace(/^\s*([-*+]|\d+[.)])\s+/, '')
        .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/, '')
        .replace(/^\s*([-*_]\s*){3,}$/, '')
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/<\/?[a-z][^>]*>/gi, '')
        .replace(/(\*\*|__|~~|`)/g, '')
        .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, '$1$2')
        .replace(/\s*\|\s*/g, ' | ')
        .replace(/^ \| | \| $/g, ''),
    )
    .join('\n');
}
