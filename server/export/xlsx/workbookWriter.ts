// A streaming .xlsx workbook: sheets are written row by row into deflated temporary parts (several
// may be open at once), and `finish` assembles the zip. Memory holds only the open sheets' buffers.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PLAIN_SHEET_START, rowXml, SHEET_END, SHEET_START, sheetNameSafe, type Cell } from './sheetXml';
import { staticParts } from './workbookParts';
import { DeflatedPart, writeZip, type ZipPart } from './zipWriter';

/** Excel's row limit. */
export const MAX_SHEET_ROWS = 1_048_576;

export class SheetWriter {
  private rows = 0;
  private part: ZipPart | null = null;

  constructor(
    readonly name: string,
    private readonly deflated: DeflatedPart,
    frozenHeader: boolean,
  ) {
    void this.deflated.write(frozenHeader ? SHEET_START : PLAIN_SHEET_START);
  }

  get rowCount(): number {
    return this.rows;
  }

  async writeRow(cells: readonly Cell[], header = false): Promise<void> {
    if (this.part) throw new Error(`sheet ${this.name} is closed`);
    this.rows += 1;
    await this.deflated.write(rowXml(this.rows, cells, header));
  }

  async close(): Promise<ZipPart> {
    if (!this.part) {
      await this.deflated.write(SHEET_END);
      this.part = await this.deflated.close();
    }
    return this.part;
  }

  async discard(): Promise<void> {
    await this.deflated.discard();
  }
}

export class WorkbookWriter {
  private readonly sheets: SheetWriter[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly tempDir: string) {}

  /** A new sheet named `name` (made safe and unique: "Baseline", "Baseline (2)", ...). */
  addSheet(name: string, options: { frozenHeader?: boolean } = {}): SheetWriter {
    const base = sheetNameSafe(name);
    let unique = base;
    for (let n = 2; this.names.has(unique.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      unique = `${base.slice(0, 31 - suffix.length)}${suffix}`;
    }
    this.names.add(unique.toLowerCase());
    const index = this.sheets.length + 1;
    const part = new DeflatedPart(`xl/worksheets/sheet${index}.xml`, join(this.tempDir, `${randomUUID()}.part`));
    const sheet = new SheetWriter(unique, part, options.frozenHeader ?? true);
    this.sheets.push(sheet);
    return sheet;
  }

  /** Whether a sheet name is taken already (case-insensitively, as Excel compares them). */
  hasSheet(name: string): boolean {
    return this.names.has(sheetNameSafe(name).toLowerCase());
  }

  /** Closes every sheet and writes the .xlsx zip to `target`; answers its size in bytes. */
  async finish(target: string): Promise<number> {
    const sheetParts: ZipPart[] = [];
    for (const sheet of this.sheets) sheetParts.push(await sheet.close());
    const parts: ZipPart[] = [];
    for (const [name, text] of staticParts(this.sheets.map((sheet) => sheet.name))) {
      const part = new DeflatedPart(name, join(this.tempDir, `${randomUUID()}.part`));
      await part.write(text);
      parts.push(await part.close());
    }
    return writeZip(target, [...parts, ...sheetParts]);
  }

  async discard(): Promise<void> {
    await Promise.all(this.sheets.map((sheet) => sheet.discard()));
  }
}
