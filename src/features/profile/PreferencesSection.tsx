// Page size and language, saved to the profile as soon as they change.
import type { ReactElement } from 'react';
import { NativeSelect, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../locale/LanguageSwitch';
import { profileActions } from './profile.slice';
import { selectPerPage } from './profile.selectors';
import { messages } from './messages';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

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
        data={PAGE_SIZES.map(String)}
        onChange={(event) => dispatch(profileActions.changeRequested({ perPage: Number(event.currentTarget.value) }))}
        maw={240}
      />
      <LanguageSwitch />
    </Stack>
  );
}
