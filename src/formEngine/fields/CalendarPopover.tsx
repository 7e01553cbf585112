// The calendar of a form's date field, loaded on first use (DateFieldInput). A date is picked with
// one click or Enter; a date-time takes the day and a time, then Apply. Escape or a click outside
// closes it without a change.
import { useState, type ReactElement } from 'react';
import { Button, Popover } from '@mantine/core';
import { DatePicker, TimeInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
// Month and day names for the calendar, loaded with it rather than by every page.
import 'dayjs/locale/hu';
import 'dayjs/locale/en';
import { useIntl } from 'react-intl';
import type { Locale } from '../../i18n/catalogues';
import styles from './dateInput.module.css';
import { dateMessages } from './dateMessages';

export interface CalendarPopoverProps {
  /** The field's value if it is a date ("2026-01-12" or "2026-01-12T09:00"), else ''. */
  value: string;
  withTime: boolean;
  locale: Locale;
  buttonLabel: string;
  /** With the picked value, or nothing when closed without a choice. */
  onClose: (picked?: string) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

export function CalendarPopover({ value, withTime, locale, buttonLabel, onClose }: CalendarPopoverProps): ReactElement {
  const intl = useIntl();
  const [day, setDay] = useState<string | null>(DAY.exec(value)?.[0] ?? null);
  const [time, setTime] = useState(value.length >= 16 ? value.slice(11, 16) : '');
  const pickDay = (picked: string | null): void => {
    if (!withTime) return onClose(picked ?? undefined);
    setDay(picked);
  };
  return (
    <Popover opened onDismiss={() => onClose()} trapFocus returnFocus={false} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <button type="button" className={styles.calendarButton} aria-label={buttonLabel} aria-haspopup="dialog" aria-expanded>
          <span aria-hidden="true">📅</span>
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-label={buttonLabel} role="dialog">
        <div className={styles.dropdown}>
          <DatePicker locale={locale} firstDayOfWeek={1} value={day} defaultDate={day ?? undefined} onChange={pickDay} />
          {withTime && (
            <>
              <TimeInput label={intl.formatMessage(dateMessages.time)} value={time} onChange={(event) => setTime(event.currentTarget.value)} />
              <Button size="xs" disabled={!day || !/^\d{2}:\d{2}$/.test(time)} onClick={() => onClose(`${day}T${time}`)}>
                {intl.formatMessage(dateMessages.apply)}
              </Button>
            </>
          )}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
