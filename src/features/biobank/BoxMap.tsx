// The box map: a box drawn as its grid of rows and columns. Cells carry no text of their own (the
// grid's name must stay its own): each is named, and titled for the mouse, with its row, column and
// holder's sample number; occupied, current and chosen cells differ by pattern, frame and colour.
// A free position is chosen by a click, or from the keyboard: one cell of the grid is in the tab
// order, arrow keys move it, Enter or Space chooses.
import { useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { BioSampleBox } from '../../api/bioSamples';
import { messages } from './messages';
import classes from './biobank.module.css';

export interface BoxPosition {
  row: number;
  column: number;
}

export interface BoxMapProps {
  box: BioSampleBox;
  /** The sample being placed: its own position counts as free and is highlighted. */
  currentSampleId?: string;
  chosen: BoxPosition | null;
  onChoose: (position: BoxPosition) => void;
}

const MOVES: Record<string, BoxPosition> = { ArrowUp: { row: -1, column: 0 }, ArrowDown: { row: 1, column: 0 }, ArrowLeft: { row: 0, column: -1 }, ArrowRight: { row: 0, column: 1 } };

const clamp = (value: number, max: number): number => Math.min(max, Math.max(1, value));
const same = (a: BoxPosition | null, row: number, column: number): boolean => a !== null && a.row === row && a.column === column;

export function BoxMap({ box, currentSampleId, chosen, onChoose }: BoxMapProps): ReactElement {
  const intl = useIntl();
  const holders = new Map((box.occupied ?? []).map((o) => [`${o.row}:${o.column}`, o]));
  const current = (box.occupied ?? []).find((o) => o.sampleId === currentSampleId) ?? null;
  const [focus, setFocus] = useState<BoxPosition>(chosen ?? current ?? { row: 1, column: 1 });
  const cells = useRef(new Map<string, HTMLDivElement>());

  const holderAt = (row: number, column: number): { sampleId: string; sampleNumber: string } | undefined => {
    const holder = holders.get(`${row}:${column}`);
    return holder && holder.sampleId !== currentSampleId ? holder : undefined;
  };
  const choose = (row: number, column: number): void => {
    if (!holderAt(row, column)) onChoose({ row, column });
  };
  // The key acts on the cell it was pressed in (its data attributes), whatever the last render knew.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const cell = (event.target as HTMLElement).dataset;
    const at = cell.row ? { row: Number(cell.row), column: Number(cell.column) } : focus;
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const next = { row: clamp(at.row + move.row, box.rows), column: clamp(at.column + move.column, box.columns) };
      setFocus(next);
      cells.current.get(`${next.row}:${next.column}`)?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(at.row, at.column);
    }
  };

  const label = (row: number, column: number): string => {
    const holder = holderAt(row, column);
    if (holder) return intl.formatMessage(messages.cellOccupied, { row, column, number: holder.sampleNumber });
    if (same(chosen, row, column)) return intl.formatMessage(messages.cellChosen, { row, column });
    if (current && same(current, row, column)) return intl.formatMessage(messages.cellCurrent, { row, column, number: current.sampleNumber });
    return intl.formatMessage(messages.cellFree, { row, column });
  };
  const className = (row: number, column: number): string => {
    if (holderAt(row, column)) return `${classes.cell} ${classes.occupied}`;
    if (same(chosen, row, column)) return `${classes.cell} ${classes.chosen}`;
    if (same(current, row, column)) return `${classes.cell} ${classes.current}`;
    return classes.cell;
  };

  const rows = Array.from({ length: box.rows }, (_, i) => i + 1);
  const columns = Array.from({ length: box.columns }, (_, i) => i + 1);
  return (
    <div>
      <Text size="sm" c="dimmed" id={`box-hint-${box.id}`}>
        {intl.formatMessage(messages.boxMapHint)}
      </Text>
      <div
        role="grid"
        aria-label={intl.formatMessage(messages.boxMapLabel, { name: box.name, rows: box.rows, columns: box.columns })}
        aria-describedby={`box-hint-${box.id}`}
        className={classes.boxGrid}
        style={{ gridTemplateColumns: `repeat(${box.columns}, auto)` }}
      >
        {rows.map((row) => (
          <div role="row" key={row} className={classes.boxRow}>
            {columns.map((column) => {
              const holder = holderAt(row, column);
              return (
                <div
                  key={column}
                  role="gridcell"
                  data-row={row}
                  data-column={column}
                  ref={(element) => {
                    if (element) cells.current.set(`${row}:${column}`, element);
                  }}
                  tabIndex={same(focus, row, column) ? 0 : -1}
                  aria-label={label(row, column)}
                  aria-selected={same(chosen, row, column)}
                  aria-disabled={holder ? true : undefined}
                  title={label(row, column)}
                  className={className(row, column)}
                  onFocus={() => setFocus({ row, column })}
                  onKeyDown={onKeyDown}
                  onClick={() => choose(row, column)}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
