// The validation pane (spec §5): every error and warning, grouped by section in field order, each
// entry a button that jumps to its field. "Save anyway" only when canSave allows the submit type.
import { useDeferredValue, type ReactElement } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { canSave, headerComplete, type SubmitType } from '../domain/forms';
import { SlidePane } from '../common/slidePane';
import { FORM_KEY, type EngineStore } from './engineStore';
import { useChannel } from './EngineContext';
import { issueText, paneGroups } from './issues';
import { messages } from './messages';
import styles from './formEngine.module.css';

interface ValidationPaneProps {
  store: EngineStore;
  opened: boolean;
  submitType: SubmitType;
  busy: boolean;
  onClose: () => void;
  onJump: (path: string) => void;
  onSaveAnyway: () => void;
}

export function ValidationPane({ store, opened, submitType, busy, onClose, onJump, onSaveAnyway }: ValidationPaneProps): ReactElement {
  const intl = useIntl();
  useChannel(store, FORM_KEY);
  const { descriptor } = store;
  // The list may hold hundreds of entries: it renders after the field errors have painted, so a
  // held submit shows every error in its field at once and the pane fills in right after.
  const listShown = useDeferredValue(opened);
  const issues = opened && listShown ? store.allIssues() : [];
  const groups = paneGroups(descriptor, issues);
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const allowed = canSave(issues, submitType, descriptor) && headerComplete(descriptor, store.evaluator.values());
  const firstEntry = groups[0]?.entries[0];
  return (
    <SlidePane opened={opened} onClose={onClose} title={intl.formatMessage(messages.paneTitle)} closeOnClickOutside={false}>
      <Stack gap="sm">
        <Text size="sm">{intl.formatMessage(messages.paneSummary, { errors, warnings: issues.length - errors })}</Text>
        {groups.map((group) => (
          <section key={group.sectionId ?? '#header'} aria-label={group.label ?? intl.formatMessage(messages.header)}>
            <Title order={3} size="h5">
              {group.label ?? intl.formatMessage(messages.header)}
            </Title>
            <ul className={styles.issues}>
              {group.entries.map((paneEntry) => {
                const { issue, fieldPath, labelPath, entry } = paneEntry;
                const autofocus = paneEntry === firstEntry;
                // The group heading already names the section.
                const path = group.sectionId === null ? labelPath : labelPath.slice(1);
                const where = entry === null ? path.join(' › ') : `${path.join(' › ')} (${intl.formatMessage(messages.paneEntry, { number: entry })})`;
                return (
                  <li key={`${issue.path}:${issue.key}`}>
                    {/* A plain button: a Mantine one per entry is too heavy for hundreds of entries. */}
                    <button
                      type="button"
                      className={styles.issueButton}
                      data-autofocus={autofocus || undefined}
                      onClick={() => onJump(fieldPath)}
                    >
                      <span className={issue.severity === 'error' ? styles.error : styles.warning}>
                        {intl.formatMessage(issue.severity === 'error' ? messages.error : messages.warning)}: {where}: {issueText(intl, issue)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
        {!allowed && <Alert color="red">{intl.formatMessage(submitType === 'draft' ? messages.cannotSaveDraft : messages.cannotSubmit)}</Alert>}
        <Button onClick={onSaveAnyway} disabled={!allowed} loading={busy}>
          {intl.formatMessage(messages.saveAnyway)}
        </Button>
      </Stack>
    </SlidePane>
  );
}
