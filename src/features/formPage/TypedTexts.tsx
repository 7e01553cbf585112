// Texts the user wrote for a write that did not go through (rejection reasons, correct notes),
// listed so that nothing typed is lost even where it cannot be reapplied.
import type { ReactElement } from 'react';
import { List, Text } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { FormDescriptor } from '../../domain/forms';
import { messages } from './messages';
import { pathLabel } from './valueText';

interface TypedTextsProps {
  title: MessageDescriptor;
  texts: readonly { path: string; text: string }[];
  descriptor: FormDescriptor | null;
}

export function TypedTexts({ title, texts, descriptor }: TypedTextsProps): ReactElement | null {
  const intl = useIntl();
  if (texts.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {intl.formatMessage(title)}
      </Text>
      <List size="sm">
        {texts.map(({ path, text }) => (
          <List.Item key={path}>{intl.formatMessage(messages.typedEntry, { field: pathLabel(intl, descriptor, path), text })}</List.Item>
        ))}
      </List>
    </div>
  );
}
