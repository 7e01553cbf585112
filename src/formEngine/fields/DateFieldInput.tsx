// A date or date-time field: a light text input (typed entry in any European form, shown the one
// shared way) and a calendar button. The calendar's code and its popover load and mount only when
// a user opens it, so the 2,000-field form pays one input, one button and two state hooks per date
// field, not a Mantine picker each. The stored value stays the form's wall-clock text
// ("2026-01-12", "2026-01-12T09:00"); text that is no date yet is stored as typed, so validation
// says what is wrong with it.
import { lazy, Suspense, useState, type ChangeEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { parseTypedDate } from '../../common/dateInputs/parseTypedDate';
import { formatWallClock, localeOf } from '../../i18n/format';
import styles from './dateInput.module.css';
import { dateMessages } from './dateMessages';
import type { WidgetProps } from './widgets';

const CalendarPopover = lazy(async () => ({ default: (await import('./CalendarPopover')).CalendarPopover }));

export function DateFieldInput({ field, id, label, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  const locale = localeOf(intl.locale);
  // What the user is typing; null shows the stored value formatted.
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const withTime = field.type === 'datetime';
  const stored = typeof value === 'string' ? value : '';
  const shown = draft ?? (stored ? formatWallClock(locale, stored, withTime ? 'datetime' : 'date') : '');

  const change = (event: ChangeEvent<HTMLInputElement>): void => {
    const text = event.target.value;
    setDraft(text);
    onChange(text.trim() === '' ? '' : (parseTypedDate(text, withTime) ?? text));
  };
  const blur = (): void => {
    setDraft(null);
    onBlur();
  };
  const close = (picked?: string): void => {
    setOpen(false);
    if (picked !== undefined) {
      setDraft(null);
      onChange(picked);
    }
    // Back to the typed entry, where the picked value can still be adjusted.
    document.getElementById(id)?.focus();
  };
  const buttonLabel = intl.formatMessage(dateMessages.openCalendar, { field: label });
  const button = (
    <button type="button" className={styles.calendarButton} aria-label={buttonLabel} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
      <span aria-hidden="true">📅</span>
    </button>
  );

  return (
    <span className={styles.dateInput}>
      <input
        id={id}
        type="text"
        value={shown}
        className={styles.input}
        placeholder={intl.formatMessage(withTime ? dateMessages.hintDateTime : dateMessages.hintDate)}
        autoComplete="off"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={change}
        onBlur={blur}
      />
      {open ? (
        <Suspense fallback={button}>
          <CalendarPopover value={parseTypedDate(shown, withTime) ?? stored} withTime={withTime} locale={locale} buttonLabel={buttonLabel} onClose={close} />
        </Suspense>
      ) : (
        button
      )}
    </span>
  );
}
