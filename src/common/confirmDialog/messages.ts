import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  confirm: { id: 'common.confirmDialog.confirm', defaultMessage: 'Yes' },
  cancel: { id: 'common.confirmDialog.cancel', defaultMessage: 'Cancel' },
});
