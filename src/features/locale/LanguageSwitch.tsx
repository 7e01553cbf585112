// The language choice, on every screen. Each option names its language in that language, so a
// user who cannot read the current one still finds their own.
import type { ReactElement } from 'react';
import { NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isLocale } from '../../i18n/catalogues';
import { localeActions } from './locale.slice';
import { selectLocale } from './locale.selectors';
import { messages } from './messages';

export function LanguageSwitch(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  return (
    <NativeSelect
      size="xs"
      label={intl.formatMessage(messages.label)}
      value={locale}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) dispatch(localeActions.changed(value));
      }}
      data={[
        { value: 'hu', label: intl.formatMessage(messages.hu) },
        { value: 'en', label: intl.formatMessage(messages.en) },
      ]}
    />
  );
}
