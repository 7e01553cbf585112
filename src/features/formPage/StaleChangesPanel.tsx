// After a write answered 409 (someone else saved the form first): what changed on the server,
// field by field beside the user's values, and the way on: reapply the user's changes to the
// current version, or discard them and load it. Where the form's state no longer allows the
// user's operation, reapply is not offered but every value stays listed to be copied. The panel
// scrolls into view and takes focus when it opens: the user's click met it, not the form below.
import { useEffect, useRef, type ReactElement } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useConfirm } from '../../common/confirmDialog';
import type { FormDescriptor } from '../../domain/forms';
import type { FormState } from '../../domain/forms/lifecycle';
import { FormStateBadge } from '../forms/FormStateBadge';
import { ChangesTable } from './ChangesTable';
import { formPageActions } from './formPage.slice';
import { selectFormPage, selectStaleComparison } from './formPage.selectors';
import { messages } from './messages';
import { TypedTexts } from './TypedTexts';

export function StaleChangesPanel({ descriptor }: { descriptor: FormDescriptor | null }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const { stale, form } = useAppSelector(selectFormPage);
  const comparison = useAppSelector(selectStaleComparison);
  const panel = useRef<HTMLDivElement>(null);
  const write = stale?.write;
  useEffect(() => {
    if (!write) return;
    panel.current?.scrollIntoView?.({ block: 'start' });
    panel.current?.focus();
  }, [write]);
  if (!stale) return null;

  const discard = async (): Promise<void> => {
    const typed = comparison && (comparison.changes.some((c) => c.user) || comparison.rejections.length > 0 || Object.keys(comparison.notes).length > 0);
    if (typed) {
      const confirmed = await confirm({
        title: intl.formatMessage(messages.discardTitle),
        body: intl.formatMessage(messages.discardBody),
        confirmLabel: intl.formatMessage(messages.discardConfirm),
        danger: true,
      });
      if (!confirmed) return;
    }
    dispatch(formPageActions.staleDiscarded());
  };

  return (
    <>
      <Alert ref={panel} tabIndex={-1} color="yellow" role="alert" title={intl.formatMessage(messages.stale)}>
      <Stack gap="sm">
        {stale.status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{intl.formatMessage(messages.staleLoading)}</Text>
          </Group>
        )}
        {stale.status === 'failed' && (
          <Group gap="sm">
            <Text size="sm">{intl.formatMessage(messages.staleLoadError)}</Text>
            <Button size="xs" variant="light" onClick={() => dispatch(formPageActions.staleRetryRequested())}>
              {intl.formatMessage(messages.retry)}
            </Button>
          </Group>
        )}
        {comparison && (
          <>
            <Text size="sm">{intl.formatMessage(messages.staleIntro)}</Text>
            {comparison.server.state !== form?.state && (
              <Group gap="xs">
                <Text size="sm">{intl.formatMessage(messages.staleStateNow)}</Text>
                <FormStateBadge state={comparison.server.state as FormState} />
              </Group>
            )}
            {!comparison.allowed && <Text size="sm">{intl.formatMessage(messages.staleNotAllowed)}</Text>}
            {comparison.allowed && comparison.write.kind === 'approve' && <Text size="sm">{intl.formatMessage(messages.staleApproveAgain)}</Text>}
            <ChangesTable changes={comparison.changes} descriptor={descriptor} />
            <TypedTexts
              title={messages.yourRejections}
              texts={comparison.rejections.map(({ path, reason }) => ({ path, text: reason }))}
              descriptor={descriptor}
            />
            <TypedTexts
              title={messages.yourNotes}
              texts={Object.entries(comparison.notes).map(([path, text]) => ({ path, text }))}
              descriptor={descriptor}
            />
            <Text size="sm" c="dimmed">
              {intl.formatMessage(messages.staleLocked)}
            </Text>
            <Group>
              {comparison.reapplicable && <Button onClick={() => dispatch(formPageActions.staleReapplied())}>{intl.formatMessage(messages.reapply)}</Button>}
              {comparison.write.kind === 'approve' ? (
                <Button variant="default" onClick={() => dispatch(formPageActions.staleDiscarded())}>
                  {intl.formatMessage(messages.loadCurrent)}
                </Button>
              ) : (
                <Button variant="default" color="red" onClick={() => void discard()}>
                  {intl.formatMessage(messages.discard)}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      </Alert>
      {dialog}
    </>
  );
}
