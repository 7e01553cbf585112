// The date and date-time input of every screen: Mantine's DateInput with its calendar, in the
// interface language (month and day names from the dayjs locales), showing the value the one
// shared way ("2026. 01. 12. 9:00" / "12 Jan 2026, 09:00") and taking it typed in any of the
// European forms parseTypedDate reads. Values in and out are wall-clock texts, as the screens keep
// them: "2026-01-12" or "2026-01-12T09:00", '' for none.
// The calendar opens on a click into the input or on Arrow Down, not on focus or while typing: a
// user typing a date, or tabbing through the form, must not find the next field covered.
import { useState, type FocusEventHandler, type ReactElement, type ReactNode } from 'react';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
// Month and day names for the pickers, loaded with them rather than by every page.
import 'dayjs/locale/hu';
import 'dayjs/locale/en';
import { useIntl } from 'react-intl';
import { formatWallClock, localeOf } from '../../i18n/format';
import { messages } from './messages';
import { parseTypedDate } from './parseTypedDate';

export interface LocalizedDateInputProps {
  /** Also names the clear button ("Clear End date"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** A date and a time of day ("2026-01-12T09:00") instead of a day. */
  withTime?: boolean;
  name?: string;
  id?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}

/** Mantine keeps "YYYY-MM-DD HH:mm:ss"; the screens keep "YYYY-MM-DDTHH:mm". */
function toMantine(value: string): string | null {
  if (!value) return null;
  return value.includes('T') ? `${value.slice(0, 16).replace('T', ' ')}:00` : value.slice(0, 10);
}
const fromMantine = (value: string | null, withTime: boolean): string => (value ? (withTime ? value.slice(0, 16).replace(' ', 'T') : value.slice(0, 10)) : '');

export function LocalizedDateInput({ label, value, onChange, onBlur, withTime = false, name, id, error, required, disabled, description }: LocalizedDateInputProps): ReactElement {
  const intl = useIntl();
  const locale = localeOf(intl.locale);
  const kind = withTime ? 'datetime' : 'date';
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      popoverProps={{ opened: calendarOpen, onDismiss: () => setCalendarOpen(false) }}
      onClick={() => setCalendarOpen(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setCalendarOpen(true);
        if (event.key === 'Escape' || event.key === 'Tab') setCalendarOpen(false);
      }}
      label={label}
      description={description}
      id={id}
      name={name}
      value={toMantine(value)}
      onChange={(next) => {
        // A day picked in the calendar (or a date typed while it was open) closes it.
        setCalendarOpen(false);
        onChange(fromMantine(next, withTime));
      }}
      onBlur={(event) => {
        setCalendarOpen(false);
        onBlur?.(event);
      }}
      locale={locale}
      firstDayOfWeek={1}
      withTime={withTime}
      valueFormat={(stored) => formatWallClock(locale, fromMantine(stored, withTime), kind)}
      dateParser={(typed) => {
        const parsed = parseTypedDate(typed, withTime);
        return parsed ? (toMantine(parsed) as string) : null;
      }}
      clearable={!required}
      clearButtonProps={{ 'aria-label': intl.formatMessage(messages.clear, { field: label }) }}
      required={required}
      disabled={disabled}
      error={error}
      autoComplete="off"
    />
  );
}
