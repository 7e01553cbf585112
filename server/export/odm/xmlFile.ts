// A buffered, back-pressured text file writer for streamed XML, and the escaping it needs.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { escapeXml } from '../xlsx/sheetXml';

const FLUSH_AT = 64 * 1024;

export class XmlFile {
  private readonly stream: WriteStream;
  private readonly pending: string[] = [];
  private pendingLength = 0;

  private failure: Error | null = null;

  constructor(path: string) {
    this.stream = createWriteStream(path);
    // A failed write (a full disk) must fail the export, not crash the server with an unhandled error.
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending.length = 0;
    this.pendingLength = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Copies another file's content in (the audit trail gathered beside the subjects). */
  async append(path: string): Promise<void> {
    await this.flush();
    for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
      if (!this.stream.write(chunk)) await once(this.stream, 'drain');
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
    if (this.failure) throw this.failure;
  }

  destroy(): void {
    this.stream.destroy();
  }
}

/** ` name="value"` pairs, escaped; undefined and null values are left out. */
export function attributes(values: Record<string, string | number | null | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}

export function element(name: string, values: Record<string, string | number | null | undefined>, content?: string): string {
  return content === undefined ? `<${name}${attributes(values)}/>` : `<${name}${attributes(values)}>${content}</${name}>`;
}

export function translatedText(text: string, lang: string): string {
  return `<TranslatedText xml:lang="${lang}">${escapeXml(text)}</TranslatedText>`;
}

export { escapeXml };
