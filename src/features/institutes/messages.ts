import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  gridLabel: NoMessageValues;
  newInstitute: NoMessageValues;
  colName: NoMessageValues;
  colShortName: NoMessageValues;
  colCity: NoMessageValues;
  colCountry: NoMessageValues;
  colTimeZone: NoMessageValues;
  colActions: NoMessageValues;
  open: { name: string };
  editTitle: { name: string };
  newTitle: NoMessageValues;
  usage: { patients: number; users: number; forms: number };
  name: NoMessageValues;
  nameHu: NoMessageValues;
  nameEn: NoMessageValues;
  shortName: NoMessageValues;
  country: NoMessageValues;
  city: NoMessageValues;
  postCode: NoMessageValues;
  region: NoMessageValues;
  address: NoMessageValues;
  contactName: NoMessageValues;
  contactEmail: NoMessageValues;
  contactPhone: NoMessageValues;
  notes: NoMessageValues;
  timeZone: NoMessageValues;
  lat: NoMessageValues;
  lon: NoMessageValues;
  save: NoMessageValues;
  delete: NoMessageValues;
  inUse: NoMessageValues;
  deleteTitle: NoMessageValues;
  deleteBody: { name: string };
  timeZoneTitle: NoMessageValues;
  timeZoneBody: { forms: number; attendances: number };
  timeZoneConfirm: NoMessageValues;
  savedNotice: NoMessageValues;
  deletedNotice: NoMessageValues;
  required: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'institutes.page.title', defaultMessage: 'Institutes' },
  gridLabel: { id: 'institutes.grid.label', defaultMessage: 'Institutes' },
  newInstitute: { id: 'institutes.page.new', defaultMessage: 'New institute' },
  colName: { id: 'institutes.grid.name', defaultMessage: 'Name' },
  colShortName: { id: 'institutes.grid.shortName', defaultMessage: 'Short name' },
  colCity: { id: 'institutes.grid.city', defaultMessage: 'City' },
  colCountry: { id: 'institutes.grid.country', defaultMessage: 'Country' },
  colTimeZone: { id: 'institutes.grid.timeZone', defaultMessage: 'Time zone' },
  colActions: { id: 'institutes.grid.actions', defaultMessage: 'Actions' },
  open: { id: 'institutes.grid.open', defaultMessage: 'Details of {name}' },
  editTitle: { id: 'institutes.pane.editTitle', defaultMessage: 'Institute: {name}' },
  newTitle: { id: 'institutes.pane.newTitle', defaultMessage: 'New institute' },
  usage: {
    id: 'institutes.pane.usage',
    defaultMessage: '{patients, plural, one {# patient} other {# patients}}, {users, plural, one {# user} other {# users}}, {forms, plural, one {# form} other {# forms}}',
  },
  name: { id: 'institutes.field.name', defaultMessage: 'Name' },
  nameHu: { id: 'institutes.field.nameHu', defaultMessage: 'Name in Hungarian' },
  nameEn: { id: 'institutes.field.nameEn', defaultMessage: 'Name in English' },
  shortName: { id: 'institutes.field.shortName', defaultMessage: 'Short name' },
  country: { id: 'institutes.field.country', defaultMessage: 'Country' },
  city: { id: 'institutes.field.city', defaultMessage: 'City' },
  postCode: { id: 'institutes.field.postCode', defaultMessage: 'Post code' },
  region: { id: 'institutes.field.region', defaultMessage: 'Region' },
  address: { id: 'institutes.field.address', defaultMessage: 'Address' },
  contactName: { id: 'institutes.field.contactName', defaultMessage: 'Contact name' },
  contactEmail: { id: 'institutes.field.contactEmail', defaultMessage: 'Contact e-mail' },
  contactPhone: { id: 'institutes.field.contactPhone', defaultMessage: 'Contact phone' },
  notes: { id: 'institutes.field.notes', defaultMessage: 'Notes' },
  timeZone: { id: 'institutes.field.timeZone', defaultMessage: 'Time zone' },
  lat: { id: 'institutes.field.lat', defaultMessage: 'Latitude (-90 to 90)' },
  lon: { id: 'institutes.field.lon', defaultMessage: 'Longitude (-180 to 180)' },
  save: { id: 'institutes.pane.save', defaultMessage: 'Save' },
  delete: { id: 'institutes.pane.delete', defaultMessage: 'Delete' },
  inUse: { id: 'institutes.pane.inUse', defaultMessage: 'Patients or users belong to this institute: it cannot be deleted.' },
  deleteTitle: { id: 'institutes.delete.title', defaultMessage: 'Delete institute?' },
  deleteBody: { id: 'institutes.delete.body', defaultMessage: '{name} will be deleted with its registry memberships. This cannot be undone.' },
  timeZoneTitle: { id: 'institutes.timeZone.title', defaultMessage: 'Change the identifiers?' },
  timeZoneBody: {
    id: 'institutes.timeZone.body',
    defaultMessage:
      'A new time zone or short name regenerates the identifiers of this institute: {forms, plural, one {# form} other {# forms}} and {attendances, plural, one {# attendance} other {# attendances}} may get new ones. Continue?',
  },
  timeZoneConfirm: { id: 'institutes.timeZone.confirm', defaultMessage: 'Save and regenerate' },
  savedNotice: { id: 'institutes.page.saved', defaultMessage: 'Institute saved.' },
  deletedNotice: { id: 'institutes.page.deleted', defaultMessage: 'Institute deleted.' },
  required: { id: 'institutes.field.required', defaultMessage: 'Required' },
});
