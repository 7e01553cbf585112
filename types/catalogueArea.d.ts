// One area of a message catalogue (src/i18n/loadCatalogue.ts): message ASTs in the build
// (scripts/catalogueLoader.js), the whole string catalogue under jest.
type CatalogueAreaMessages = Record<string, import('react-intl').MessageFormatElement[]>;

declare module '*.json?area=public' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
declare module '*.json?area=app' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
declare module '*.json?area=formEngine' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
declare module '*.json?area=admin' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
declare module '*.json?area=dataImport' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
declare module '*.json?area=dataExport' {
  const messages: CatalogueAreaMessages;
  export default messages;
}
