import type { Readable } from 'node:stream';
import mammoth from 'mammoth';
import { PasswordException, PDFParse } from 'pdf-parse';
import WordExtractor from 'word-extractor';
import BufferReader from 'word-extractor/lib/buffer-reader.js';
import OleCompoundDoc from 'word-extractor/lib/ole-compound-doc.js';
import { FILE_ERRORS, type AiFileExtension, type FileError } from '@salon/contract/ai-files';
import { isEncryptedOoxml } from './file-kind.js';
import { markdownToText } from './markdown.js';
import { rtfToText } from './rtf.js';

export type Conversion = { ok: true; text: string } | { ok: false; error: FileError };

const fail = (error: FileError): Conversion => ({ ok: false, error });

class ConversionFailed extends Error {
  constructor(readonly code: FileError) {
    super(code);
  }
}

async function streamBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Word 97–2003 marks an encrypted document in its FIB (the WordDocument stream's header): flag
// fEncrypted, bit 0x0100 of the word at 0x0A. word-extractor would read ciphertext as text.
async function docIsEncrypted(bytes: Buffer): Promise<boolean> {
  const doc = await new OleCompoundDoc(new BufferReader(bytes)).read();
  const fib = await streamBytes(doc.stream('WordDocument'));
  if (fib.length < 12) throw new ConversionFailed(FILE_ERRORS.damaged);
  return (fib.readUInt16LE(0x0a) & 0x0100) !== 0;
}

async function docText(bytes: Buffer): Promise<string> {
  if (isEncryptedOoxml(bytes) || (await docIsEncrypted(bytes))) throw new ConversionFailed(FILE_ERRORS.encrypted);
  const doc = await new WordExtractor().extract(bytes);
  return [doc.getBody(), doc.getTextboxes({ includeHeadersAndFooters: false })].join('\n');
}

async function docxText(bytes: Buffer): Promise<string> {
  if (isEncryptedOoxml(bytes)) throw new ConversionFailed(FILE_ERRORS.encrypted);
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

// pdf-parse 2 (pdf.js). A PDF whose pages carry no text at all is a scan (or pictures only): there
// is nothing to read without OCR, which is not ours to run.
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    const text = result.pages.map((p) => p.text).join('\n\n');
    if (result.total > 0 && !/[\p{L}\p{N}]/u.test(text)) throw new ConversionFailed(FILE_ERRORS.noText);
    return text;
  } catch (err) {
    if (err instanceof PasswordException) throw new ConversionFailed(FILE_ERRORS.encrypted);
    throw err;
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

const utf8 = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

const READERS: Record<AiFileExtension, (bytes: Buffer) => Promise<string>> = {
  doc: docText,
  docx: docxText,
  pdf: pdfText,
  rtf: (bytes) => rtfToText(bytes.toString('latin1')),
  txt: async (bytes) => utf8(bytes),
  md: async (bytes) => markdownToText(utf8(bytes)),
};

// Text the database can hold and the search can cut: no NUL or other control characters (tabs and
// line breaks stay), no lone surrogates, at most one blank line in a row, no trailing spaces.
export function cleanText(raw: string): string {
  return (
    raw
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/\r\n?/g, '\n')
      .replace(/\u00a0/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

// The file's text, or why there is none. A converter that throws on the bytes means a damaged file;
// password protection, a PDF without a text layer and an empty document have their own codes.
export async function convertToText(extension: AiFileExtension, bytes: Buffer): Promise<Conversion> {
  let raw: string;
  try {
    raw = await READERS[extension](bytes);
  } catch (err) {
    return fail(err instanceof ConversionFailed ? err.code : FILE_ERRORS.damaged);
  }
  const text = cleanText(raw);
  if (!/[\p{L}\p{N}]/u.test(text)) return fail(FILE_ERRORS.empty);
  return { ok: true, text };
}
