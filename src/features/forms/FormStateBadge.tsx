// A form's state: colour for a quick scan, but also an icon-like glyph and the localized word, so
// that the six states differ without colour vision too.
import type { ReactElement } from 'react';
import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormState } from '../../domain/forms/lifecycle';
import { stateMessages } from './messages';

const LOOK: Record<FormState, { color: string; variant: 'light' | 'filled' | 'outline'; glyph: string }> = {
  draft: { color: 'gray', variant: 'outline', glyph: '✎' },
  await_inspect: { color: 'blue', variant: 'light', glyph: '◷' },
  rejected: { color: 'red', variant: 'filled', glyph: '✗' },
  correct_draft: { color: 'orange', variant: 'outline', glyph: '↺' },
  corrected: { color: 'violet', variant: 'light', glyph: '✓?' },
  final: { color: 'green', variant: 'filled', glyph: '✔' },
};

export function FormStateBadge({ state }: { state: FormState }): ReactElement {
  const intl = useIntl();
  const look = LOOK[state];
  return (
    <Badge color={look.color} variant={look.variant} leftSection={<span aria-hidden="true">{look.glyph}</span>} data-state={state}>
      {intl.formatMessage(stateMessages[state])}
    </Badge>
  );
}
