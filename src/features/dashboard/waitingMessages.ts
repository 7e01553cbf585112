import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  noRole: NoMessageValues;
  meanwhile: NoMessageValues;
  profileLink: NoMessageValues;
  ask: NoMessageValues;
  askAtInstitute: { institute: string };
};

type RoleMessageTypes = {
  biobank_admin: NoMessageValues;
  active_substance_admin: NoMessageValues;
  data_exporter: NoMessageValues;
  data_importer: NoMessageValues;
};

const roles = defineMessages<RoleMessageTypes>({
  biobank_admin: { id: 'dashboard.waiting.biobankAdmin', defaultMessage: 'the biobank screens (samples, storage) come in a later version; they will appear in the menu.' },
  active_substance_admin: { id: 'dashboard.waiting.activeSubstanceAdmin', defaultMessage: 'the active substance lists come in a later version; they will appear in the menu.' },
  data_exporter: { id: 'dashboard.waiting.dataExporter', defaultMessage: 'exporting data sets comes in a later version; the export screen will appear in the menu.' },
  data_importer: { id: 'dashboard.waiting.dataImporter', defaultMessage: 'importing data comes in a later version; the import screen will appear in the menu.' },
});

export const waitingMessages = {
  roles,
  ...defineMessages<MessageValueTypes>({
    title: { id: 'dashboard.waiting.title', defaultMessage: 'What you can do here' },
    noRole: { id: 'dashboard.waiting.noRole', defaultMessage: 'Your account has no role with its own screens yet.' },
    meanwhile: { id: 'dashboard.waiting.meanwhile', defaultMessage: 'Today you can change your language, list settings, password and two-step verification:' },
    profileLink: { id: 'dashboard.waiting.profileLink', defaultMessage: 'Profile settings' },
    ask: { id: 'dashboard.waiting.ask', defaultMessage: 'To work with patients and forms, ask a central administrator of the registry for access.' },
    askAtInstitute: {
      id: 'dashboard.waiting.askAtInstitute',
      defaultMessage: 'To work with patients and forms, ask the local administrator of {institute} or a central administrator of the registry for access.',
    },
  }),
};
