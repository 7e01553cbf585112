import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: { id: string };
  loading: NoMessageValues;
  loadError: NoMessageValues;
  saveError: NoMessageValues;
  retry: NoMessageValues;
  noPermission: NoMessageValues;
  stale: NoMessageValues;
  loadCurrent: NoMessageValues;
  history: NoMessageValues;
  historyTitle: NoMessageValues;
  historyError: NoMessageValues;
  historyEmpty: NoMessageValues;
  historyLevel: { level: number };
  historyChange: { path: string; old: string; new: string };
  emptyValue: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'formPage.title', defaultMessage: 'Form {id}' },
  loading: { id: 'formPage.loading', defaultMessage: 'Loading form' },
  loadError: { id: 'formPage.loadError', defaultMessage: 'Error loading form' },
  saveError: { id: 'formPage.saveError', defaultMessage: 'Error saving form' },
  retry: { id: 'formPage.retry', defaultMessage: 'Try again' },
  noPermission: { id: 'formPage.noPermission', defaultMessage: 'No permission to view' },
  stale: { id: 'formPage.stale', defaultMessage: 'The form was changed by someone else' },
  loadCurrent: { id: 'formPage.loadCurrent', defaultMessage: 'Load the current version' },
  history: { id: 'formPage.history', defaultMessage: 'History' },
  historyTitle: { id: 'formPage.historyTitle', defaultMessage: 'Form history' },
  historyError: { id: 'formPage.historyError', defaultMessage: 'Error loading form history' },
  historyEmpty: { id: 'formPage.historyEmpty', defaultMessage: 'No entries yet' },
  historyLevel: { id: 'formPage.historyLevel', defaultMessage: 'Level {level}' },
  historyChange: { id: 'formPage.historyChange', defaultMessage: '{path}: {old} → {new}' },
  emptyValue: { id: 'formPage.emptyValue', defaultMessage: '(empty)' },
});
