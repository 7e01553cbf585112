// The shared formatter for components: the language react-intl renders in (so a language switch
// re-formats every date and number at once) and the time zone of the signed-in user's institute.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../app/hooks';
import { selectDisplayTimeZone } from '../features/locale/locale.selectors';
import { createFormatter, localeOf, type Formatter } from './format';

export function useFormatter(): Formatter {
  const { locale } = useIntl();
  const timeZone = useAppSelector(selectDisplayTimeZone);
  return useMemo(() => createFormatter(localeOf(locale), timeZone), [locale, timeZone]);
}
