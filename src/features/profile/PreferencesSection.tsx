// Page size and language, saved to the profile as soon as they change.
import type { ReactElement } from 'react';
import { NativeSelect, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PAGE_SIZE_OPTIONS } from '../../common/dataGrid/gridQuery';
import { LanguageSwitch } from '../locale/LanguageSwitch';
import { profileActions } from './profile.slice';
import { selectPerPage } from './profile.selectors';
import { messages } from './messages';

export function PreferencesSection(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const perPage = useAppSelector(selectPerPage);
  return (
    <Stack component="section" aria-labelledby="profile-preferences" gap="sm">
      <Title order={2} size="h3" id="profile-preferences">
        {intl.formatMessage(messages.preferencesTitle)}
      </Title>
      <NativeSelect
        label={intl.formatMessage(messages.perPage)}
        value={String(perPage)}
        data={PAGE_SIZE_OPTIONS.map(String)}
        onChange={(event) => dispatch(profileActions.changeRequested({ perPage: Number(event.currentTarget.value) }))}
        maw={240}
      />
      <LanguageSwitch />
    </Stack>
  );
}
