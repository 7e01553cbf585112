// One filter control of a grid column. Text inputs keep their own draft and commit it debounced,
// so a request goes out once the user pauses, not on every keystroke.
import { useState, type ReactElement } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { FILTER_DEBOUNCE_MS } from './gridQuery';
import { messages } from './messages';
import type { ColumnFilter } from './types';

interface ColumnFilterInputProps {
  filter: Exclude<ColumnFilter, { type: 'none' }>;
  /** Column header text, used in the accessible name "Filter by <column>". */
  columnName: string;
  /** The value currently applied in the grid query ('' when the column is unfiltered). */
  value: string;
  /** Called with the trimmed value; '' removes the clause. */
  onCommit: (value: string) => void;
}

interface TextFilterProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
}

function TextFilter({ label, value, onCommit }: TextFilterProps): ReactElement {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The query can change from outside (a reset, a restored URL): show what is really applied.
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }
  const commit = useDebouncedCallback((next: string) => {
    if (next.trim() !== value) onCommit(next.trim());
  }, FILTER_DEBOUNCE_MS);

  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        // Enter applies at once for keyboard users who do not want to wait for the pause.
        if (event.key === 'Enter') commit.flush();
      }}
    />
  );
}

export function ColumnFilterInput({ filter, columnName, value, onCommit }: ColumnFilterInputProps): ReactElement {
  const intl = useIntl();
  const label = intl.formatMessage(messages.filterLabel, { column: columnName });

  if (filter.type === 'select') {
    const data = [
      { value: '', label: intl.formatMessage(messages.filterAll) },
      ...filter.options.map((option) => ({
        value: option.value,
        label: typeof option.label === 'string' ? option.label : intl.formatMessage(option.label),
      })),
    ];
    return (
      <NativeSelect
        size="xs"
        aria-label={label}
        data={data}
        value={value}
        onChange={(event) => onCommit(event.currentTarget.value)}
      />
    );
  }
  return <TextFilter label={label} value={value} onCommit={onCommit} />;
}
