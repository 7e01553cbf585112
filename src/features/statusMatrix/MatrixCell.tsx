// One cell of the status matrix: each form there as a link to the form page, its state and
// approval level as a symbol and text (never colour alone), and a full accessible name.
import type { ReactElement } from 'react';
import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MatrixForm } from '../../api/statusMatrix';
import type { FormState } from '../../domain/forms/lifecycle';
import { stateMessages } from '../forms/messages';
import { messages } from './messages';

/** A symbol per state, read together with the state's name; hidden from screen readers. */
export const STATE_SYMBOLS: Readonly<Record<FormState, string>> = {
  draft: '✎',
  await_inspect: '◷',
  rejected: '✗',
  correct_draft: '↺',
  corrected: '↻',
  final: '✓',
};

function FormLink({ form, column }: { form: MatrixForm; column: string }): ReactElement {
  const intl = useIntl();
  const state = intl.formatMessage(stateMessages[form.state]);
  const levels = { level: form.approvalLevel, required: form.requiredLevels };
  const name = intl.formatMessage(messages.cellName, { column, displayId: form.displayId, state, ...levels, needsMyAction: String(form.needsMyAction) });
  return (
    <Anchor component={Link} to={`/forms/${form.id}`} aria-label={name} size="sm" fw={form.needsMyAction ? 700 : undefined}>
      <span aria-hidden="true">{STATE_SYMBOLS[form.state]} </span>
      {state}
      {form.state !== 'draft' && ` ${intl.formatMessage(messages.levels, levels)}`}
      {form.needsMyAction && ` (${intl.formatMessage(messages.yourTurn)})`}
    </Anchor>
  );
}

export function MatrixCell({ forms, column }: { forms: readonly MatrixForm[]; column: string }): ReactElement {
  const intl = useIntl();
  if (forms.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <span aria-hidden="true">–</span>
        <VisuallyHidden>{intl.formatMessage(messages.noForm)}</VisuallyHidden>
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {forms.map((form) => (
        <FormLink key={form.id} form={form} column={column} />
      ))}
    </Stack>
  );
}
