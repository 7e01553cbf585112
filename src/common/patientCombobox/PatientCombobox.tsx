// The one patient search field: the user types, the caller searches (on the server, through its own
// saga), the patients found are offered in a list and one is chosen with mouse or keyboard. The
// callers decide what is searched, which patients are offered and how a patient reads; this field
// keeps the typed text, the list, its loading, empty and failed states.
import { useState, type ReactElement } from 'react';
import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';

/** The field's words, already localized by the caller. */
export interface PatientComboboxTexts {
  label: string;
  hint: string;
  /** Shown when the search found no patient. */
  nothing: string;
  /** Shown when the search failed. */
  failed: string;
}

export interface PatientComboboxProps<P extends { id: string }> {
  value: P | null;
  onChange: (patient: P | null) => void;
  /** The patients to offer for the current search. */
  options: readonly P[];
  /** How a patient reads in the field and in the list. */
  describe: (patient: P) => string;
  /** Called with every change of the typed text. */
  onSearch: (term: string) => void;
  loading: boolean;
  failed: boolean;
  texts: PatientComboboxTexts;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

export function PatientCombobox<P extends { id: string }>({ value, onChange, options, describe, onSearch, loading, failed, texts, error, disabled, required = true }: PatientComboboxProps<P>): ReactElement {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [term, setTerm] = useState(value ? describe(value) : '');

  // A patient chosen from outside (the start card opened for a patient) shows in the field too:
  // the term follows a changed value during render (React's "adjusting state on a prop change").
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setTerm(describe(value));
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const patient = options.find((p) => p.id === id) ?? null;
        onChange(patient);
        setTerm(patient ? describe(patient) : '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={texts.label}
          description={texts.hint}
          withAsterisk={required}
          disabled={disabled}
          value={term}
          error={error}
          rightSection={loading ? <Loader size="xs" /> : <Combobox.Chevron />}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setTerm(next);
            if (value) onChange(null);
            onSearch(next);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={term.trim() === ''}>
        <Combobox.Options>
          {failed ? (
            <Text size="sm" c="red" p="xs" role="alert">
              {texts.failed}
            </Text>
          ) : options.length === 0 ? (
            <Combobox.Empty>{loading ? '…' : texts.nothing}</Combobox.Empty>
          ) : (
            options.map((patient) => (
              <Combobox.Option value={patient.id} key={patient.id}>
                {describe(patient)}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
