// The form's record in a side pane (HistoryEntries), and one field's record opened from the field.
import type { ReactElement } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { SlidePane } from '../../common/slidePane';
import type { FormDescriptor } from '../../domain/forms';
import { HistoryEntries } from './HistoryEntries';
import { selectFormHistory, selectFormPage } from './formPage.selectors';
import { messages } from './messages';
import { pathLabel } from './valueText';

interface HistoryPaneProps {
  opened: boolean;
  onClose: () => void;
  descriptor: FormDescriptor | null;
}

export function HistoryPane({ opened, onClose, descriptor }: HistoryPaneProps): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormHistory);
  return (
    <SlidePane opened={opened} onClose={onClose} title={intl.formatMessage(messages.historyTitle)}>
      {history.status === 'loading' && <Loader size="sm" aria-label={intl.formatMessage(messages.historyTitle)} />}
      {history.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.historyError)}
        </Alert>
      )}
      {history.status === 'loaded' && history.entries.length === 0 && <Text size="sm">{intl.formatMessage(messages.historyEmpty)}</Text>}
      <HistoryEntries entries={history.entries} descriptor={descriptor} />
    </SlidePane>
  );
}

export function FieldHistoryPane({ opened, onClose, descriptor }: HistoryPaneProps): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormPage).fieldHistory;
  const title = intl.formatMessage(messages.fieldHistoryTitle, { field: history.fieldId ? pathLabel(intl, descriptor, history.fieldId) : '' });
  return (
    <SlidePane opened={opened} onClose={onClose} title={title}>
      {history.status === 'loading' && <Loader size="sm" aria-label={title} />}
      {history.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.historyError)}
        </Alert>
      )}
      {history.status === 'loaded' && history.entries.length === 0 && <Text size="sm">{intl.formatMessage(messages.historyEmpty)}</Text>}
      <HistoryEntries entries={history.entries} descriptor={descriptor} />
    </SlidePane>
  );
}
