// The converters' libraries ship without types (CommonJS, one export each): only what the knowledge
// converters use.

declare module 'word-extractor' {
  interface WordDocument {
    getBody(): string;
    getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
  }
  class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
  export = WordExtractor;
}

// word-extractor's own OLE reader: reads a stream of a compound document (the Word FIB's flags).
declare module 'word-extractor/lib/ole-compound-doc.js' {
  import type { Readable } from 'node:stream';
  class OleCompoundDoc {
    constructor(reader: unknown);
    read(): Promise<OleCompoundDoc>;
    stream(name: string): Readable;
  }
  export = OleCompoundDoc;
}
declare module 'word-extractor/lib/buffer-reader.js' {
  class BufferReader {
    constructor(buffer: Buffer);
    buffer(): Buffer;
  }
  export = BufferReader;
}

declare module 'rtf-parser' {
  interface RtfSpan {
    value: string;
  }
  interface RtfParagraph {
    content?: RtfSpan[];
    value?: string;
  }
  interface RtfDocument {
    content: (RtfParagraph | RtfSpan)[];
  }
  const parseRTF: {
    string(text: string, callback: (err: unknown, doc: RtfDocument) => void): void;
  };
  export = parseRTF;
}
