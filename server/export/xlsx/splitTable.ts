// One logical table (a form type's forms, or a registry's attendances) spread over as many sheets
// as the limits ask: columns past `columnsPerSheet` go to continuation sheets that repeat the key
// column, rows past `rowsPerSheet` start a new set of sheets. Sheets are named "Name", "Name (2)"...
import type { Cell } from './sheetXml';
import { MAX_SHEET_ROWS, type SheetWriter, type WorkbookWriter } from './workbookWriter';

export interface TableColumn {
  /** Header row 1: the label in the export's locale. */
  label: string;
  /** Header row 2: the field id. */
  id: string;
}

const HEADER_ROWS = 2;

export class SplitTable {
  private readonly chunks: number[][];
  private readonly rowsPerSheet: number;
  private sheets: SheetWriter[] = [];
  private rowsInBlock = 0;

  constructor(
    private readonly workbook: WorkbookWriter,
    private readonly baseName: string,
    private readonly columns: readonly TableColumn[],
    columnsPerSheet: number,
    rowsPerSheet: number,
  ) {
    // The first column (the form's or attendance's id) is repeated on every continuation sheet.
    const rest = columns.map((_, i) => i).slice(1);
    const width = Math.max(1, columnsPerSheet - 1);
    this.chunks = [];
    for (let i = 0; i < rest.length || this.chunks.length === 0; i += width) this.chunks.push([0, ...rest.slice(i, i + width)]);
    this.rowsPerSheet = Math.max(1, Math.min(rowsPerSheet, MAX_SHEET_ROWS - HEADER_ROWS));
  }

  get sheetNames(): string[] {
    return this.sheets.map((s) => s.name);
  }

  private async openBlock(): Promise<void> {
    await this.closeBlock();
    this.sheets = this.chunks.map(() => this.workbook.addSheet(this.baseName));
    for (let c = 0; c < this.chunks.length; c += 1) {
      const chunk = this.chunks[c];
      await this.sheets[c].writeRow(
        chunk.map((i) => this.columns[i].label),
        true,
      );
      await this.sheets[c].writeRow(
        chunk.map((i) => this.columns[i].id),
        true,
      );
    }
    this.rowsInBlock = 0;
  }

  private async closeBlock(): Promise<void> {
    for (const sheet of this.sheets) await sheet.close();
    this.sheets = [];
  }

  async addRow(cells: readonly Cell[]): Promise<void> {
    if (this.sheets.length === 0 || this.rowsInBlock >= this.rowsPerSheet) await this.openBlock();
    for (let c = 0; c < this.chunks.length; c += 1) await this.sheets[c].writeRow(this.chunks[c].map((i) => cells[i] ?? null));
    this.rowsInBlock += 1;
  }

  /** Writes the header even when no row came, so an empty selection still shows its columns. */
  async close(): Promise<void> {
    if (this.sheets.length === 0) await this.openBlock();
    await this.closeBlock();
  }
}
