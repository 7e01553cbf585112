import type { ReactElement } from 'react';
import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';

export function FullPageSpinner(): ReactElement {
  const intl = useIntl();
  return (
    <Center h="100vh" role="status" aria-label={intl.formatMessage(messages.loading)}>
      <Loader />
    </Center>
  );
}
