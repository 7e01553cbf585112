// Texts of the form engine's date and date-time inputs.
import { defineMessages, type NoMessageValues } from 'react-intl';

type DateMessageValues = {
  hintDate: NoMessageValues;
  hintDateTime: NoMessageValues;
  openCalendar: { field: string };
  time: NoMessageValues;
  apply: NoMessageValues;
};

export const dateMessages = defineMessages<DateMessageValues>({
  hintDate: { id: 'formEngine.date.hintDate', defaultMessage: 'e.g. 12 Jan 2026' },
  hintDateTime: { id: 'formEngine.date.hintDateTime', defaultMessage: 'e.g. 12 Jan 2026, 09:00' },
  openCalendar: { id: 'formEngine.date.openCalendar', defaultMessage: 'Choose from a calendar: {field}' },
  time: { id: 'formEngine.date.time', defaultMessage: 'Time' },
  apply: { id: 'formEngine.date.apply', defaultMessage: 'Apply' },
});
