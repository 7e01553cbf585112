import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  brand: NoMessageValues;
  mainNavigation: NoMessageValues;
  sideNavigation: NoMessageValues;
  userMenu: NoMessageValues;
  signOut: NoMessageValues;
  skipToContent: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  brand: { id: 'common.layout.brand', defaultMessage: 'Registry' },
  mainNavigation: { id: 'common.layout.mainNavigation', defaultMessage: 'Main menu' },
  sideNavigation: { id: 'common.layout.sideNavigation', defaultMessage: 'Side menu' },
  userMenu: { id: 'common.layout.userMenu', defaultMessage: 'User menu of' },
  signOut: { id: 'common.layout.signOut', defaultMessage: 'Sign out' },
  skipToContent: { id: 'common.layout.skipToContent', defaultMessage: 'Skip to content' },
});
