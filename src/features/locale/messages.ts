import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  label: { id: 'locale.switch.label', defaultMessage: 'Language' },
  hu: { id: 'locale.switch.hu', defaultMessage: 'Magyar' },
  en: { id: 'locale.switch.en', defaultMessage: 'English' },
});
