import type { AiFileExtension } from '@salon/contract/ai-files';

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
const CFB = Buffer.from('d0cf11e0a1b11ae1', 'hex');
// Stream names in a compound document's directory are UTF-16LE.
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

export const isZip = (bytes: Buffer): boolean => bytes.subarray(0, 4).equals(ZIP);
export const isCfb = (bytes: Buffer): boolean => bytes.subarray(0, 8).equals(CFB);
// A password-protected .docx (or any OOXML file) is not a ZIP: Office wraps the encrypted package
// in a compound document with an `EncryptedPackage` stream.
export const isEncryptedOoxml = (bytes: Buffer): boolean => isCfb(bytes) && bytes.includes(ENCRYPTED_PACKAGE);

// UTF-8 that decodes without a replacement and holds no NUL: what a text file is. Binary formats
// (images, archives, Office files) fail one or the other within their first bytes.
export function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// Whether the bytes are what the name says (SPEC 5 AI documents), judged by the bytes alone, never by
// what the browser declared: docx is a ZIP holding word/document.xml (or Office's encrypted wrapper,
// refused later as password-protected), doc an OLE compound document, pdf starts with %PDF- (readers
// accept a little junk before it), rtf with {\rtf, txt and md are UTF-8 text.
export function bytesMatch(extension: AiFileExtension, bytes: Buffer): boolean {
  switch (extension) {
    case 'docx':
      return (isZip(bytes) && bytes.includes('word/document.xml', 0, 'latin1')) || isEncryptedOoxml(bytes);
    case 'doc':
      return isCfb(bytes);
    case 'pdf':
      return bytes.subarray(0, 1024).includes('%PDF-', 0, 'latin1');
    case 'rtf':
      return bytes.subarray(0, 5).toString('latin1') === '{\\rtf';
    case 'txt':
    case 'md':
      return isUtf8Text(bytes);
  }
}
