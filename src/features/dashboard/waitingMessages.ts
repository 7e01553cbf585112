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
  data_exporter: { id: 'dashboard.waiting.dataExporter', defaultMessage: 'the Data export menu exports the registries you may read as a password-protected Excel or CDISC ODM file; Statistics shows the numbers and downloads them.' },
  data_importer: { id: 'dashboard.waiting.dataImporter', defaultMessage: 'the Data import menu loads CSV files or our own Excel exports into the registries you may write to; every row is checked before anything is saved.' },
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
