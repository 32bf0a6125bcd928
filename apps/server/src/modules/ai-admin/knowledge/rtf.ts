import parseRTF from 'rtf-parser';

// Groups whose content is binary or layout data, never text: rtf-parser would print their hex.
const BINARY_GROUPS = /^\{\\(pict|object|objdata|shppict|nonshppict|bin)(?![a-z])/;

// Drops every binary group (brace matching skips escaped braces).
function withoutBinaryGroups(rtf: string): string {
  let out = '';
  let i = 0;
  while (i < rtf.length) {
    const open = rtf.indexOf('{', i);
    if (open < 0) break;
    if (!BINARY_GROUPS.test(rtf.slice(open, open + 16))) {
      out += rtf.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    out += rtf.slice(i, open);
    let depth = 0;
    let j = open;
    for (; j < rtf.length; j++) {
      const c = rtf[j];
      if (c === '\\') j++;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    i = j + 1;
  }
  return out + rtf.slice(i);
}

const SYMBOLS: Record<string, number> = {
  emdash: 0x2014,
  endash: 0x2013,
  bullet: 0x2022,
  lquote: 0x2018,
  rquote: 0x2019,
  ldblquote: 0x201c,
  rdblquote: 0x201d,
  emspace: 0x2003,
  enspace: 0x2002,
};

// rtf-parser (kept library) reads code pages, \'hh and \uN, but prints the ANSI fallback that
// follows each \uN (Word writes `\u1057\'d1` under the default \uc1), drops the typographic symbols
// and runs table cells together. This pass fixes those before it parses. \uc is taken for the whole
// document: writers that use \uc0 use it throughout.
export function prepareRtf(rtf: string): string {
  let text = withoutBinaryGroups(rtf);
  if (!/\\uc0(?![0-9])/.test(text)) text = text.replace(/(\\u-?\d+) ?(?:\\'[0-9a-fA-F]{2}|[^\\{}\r\n])/g, '$1 ');
  text = text.replace(/\\([a-z]+)(?![a-z])(-?\d+)? ?/g, (whole, word: string, arg: string | undefined) => {
    if (arg === undefined && SYMBOLS[word] !== undefined) return `\\u${SYMBOLS[word]} `;
    if (arg === undefined && word === 'cell') return '\\tab ';
    if (arg === undefined && word === 'row') return '\\par ';
    return whole;
  });
  return text;
}

// The plain text of an RTF document, one line per paragraph.
export function rtfToText(rtf: string): Promise<string> {
  return new Promise((resolve, reject) => {
    parseRTF.string(prepareRtf(rtf), (err, doc) => {
      if (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const lines = doc.content.map((p) =>
        'content' in p && p.content ? p.content.map((s) => s.value).join('') : ((p as { value?: string }).value ?? ''),
      );
      resolve(lines.join('\n'));
    });
  });
}
