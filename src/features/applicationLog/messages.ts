import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  title: { id: 'applicationLog.title', defaultMessage: 'Application log' },
  gridLabel: { id: 'applicationLog.gridLabel', defaultMessage: 'Application log entries' },
  from: { id: 'applicationLog.from', defaultMessage: 'From' },
  to: { id: 'applicationLog.to', defaultMessage: 'To' },
  search: { id: 'applicationLog.search', defaultMessage: 'Search' },
  searchHint: { id: 'applicationLog.searchHint', defaultMessage: 'Message, URL, user or target' },
  apply: { id: 'applicationLog.apply', defaultMessage: 'Show' },
  raw: { id: 'applicationLog.raw', defaultMessage: 'Raw' },
  rangeError: { id: 'applicationLog.rangeError', defaultMessage: '"From" must not be later than "To".' },
  colCreatedAt: { id: 'applicationLog.col.createdAt', defaultMessage: 'Time' },
  colKind: { id: 'applicationLog.col.kind', defaultMessage: 'Event / request' },
  colText: { id: 'applicationLog.col.text', defaultMessage: 'Message / URL' },
  colUser: { id: 'applicationLog.col.user', defaultMessage: 'User' },
  colStatus: { id: 'applicationLog.col.status', defaultMessage: 'Status' },
  colTarget: { id: 'applicationLog.col.target', defaultMessage: 'Target' },
  open: { id: 'applicationLog.open', defaultMessage: 'Details of the entry of {time}' },
  detailTitle: { id: 'applicationLog.detailTitle', defaultMessage: 'Log entry' },
  rawEntry: { id: 'applicationLog.rawEntry', defaultMessage: 'The entry as stored' },
  onBehalfOf: { id: 'applicationLog.onBehalfOf', defaultMessage: '{user} on behalf of {other}' },
  loadError: { id: 'applicationLog.loadError', defaultMessage: 'Error loading data! {message}' },
} as const;

type WithValues = 'open' | 'onBehalfOf' | 'loadError';
/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, WithValues> & {
  open: { time: string };
  onBehalfOf: { user: string; other: string };
  loadError: { message: string };
};

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);
