// The form's record in a side pane (HistoryEntries), and one field's record opened from the field.
// Both print: the button prints the pane alone, headed with the form and the time of printing.
import type { ReactElement } from 'react';
import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { SlidePane } from '../../common/slidePane';
import type { FormDescriptor, FormHistoryEntry } from '../../domain/forms';
import { useFormatter } from '../../i18n/useFormatter';
import { HistoryEntries } from './HistoryEntries';
import { historyMessages } from './historyMessages';
import { selectFormHistory, selectFormPage } from './formPage.selectors';
import type { FormPageState } from './formPage.slice';
import { messages } from './messages';
import { pathLabel } from './valueText';
import styles from './history.module.css';

interface HistoryPaneProps {
  opened: boolean;
  onClose: () => void;
  descriptor: FormDescriptor | null;
}

interface RecordViewProps {
  title: string;
  status: FormPageState['history']['status'];
  entries: readonly FormHistoryEntry[];
  descriptor: FormDescriptor | null;
}

function RecordView({ title, status, entries, descriptor }: RecordViewProps): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const formId = useAppSelector(selectFormPage).form?.displayId ?? '';
  return (
    <div className={styles.printable}>
      <div className={styles.printOnly}>
        <Title order={1} size="h3">
          {intl.formatMessage(historyMessages.printHeading, { id: formId })}
        </Title>
        <Text size="sm">{title}</Text>
        <Text size="xs">{intl.formatMessage(historyMessages.printedAt, { time: format.dateTime(new Date()) })}</Text>
      </div>
      {status === 'loaded' && entries.length > 0 && (
        <Group justify="flex-end" className={styles.screenOnly}>
          <Button size="xs" variant="light" onClick={() => window.print()}>
            {intl.formatMessage(historyMessages.print)}
          </Button>
        </Group>
      )}
      {status === 'loading' && <Loader size="sm" aria-label={title} />}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.historyError)}
        </Alert>
      )}
      {status === 'loaded' && entries.length === 0 && <Text size="sm">{intl.formatMessage(messages.historyEmpty)}</Text>}
      <HistoryEntries entries={entries} descriptor={descriptor} />
    </div>
  );
}

export function HistoryPane({ opened, onClose, descriptor }: HistoryPaneProps): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormHistory);
  const title = intl.formatMessage(messages.historyTitle);
  return (
    <SlidePane opened={opened} onClose={onClose} title={title}>
      <RecordView title={title} status={history.status} entries={history.entries} descriptor={descriptor} />
    </SlidePane>
  );
}

export function FieldHistoryPane({ opened, onClose, descriptor }: HistoryPaneProps): ReactElement {
  const intl = useIntl();
  const history = useAppSelector(selectFormPage).fieldHistory;
  const title = intl.formatMessage(messages.fieldHistoryTitle, { field: history.fieldId ? pathLabel(intl, descriptor, history.fieldId) : '' });
  return (
    <SlidePane opened={opened} onClose={onClose} title={title}>
      <RecordView title={title} status={history.status} entries={history.entries} descriptor={descriptor} />
    </SlidePane>
  );
}
