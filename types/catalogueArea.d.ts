// One area of a message catalogue (src/i18n/loadCatalogue.ts): message ASTs in the build
// (scripts/catalogueLoader.js), the whole string catalogue under jest.
declare module '*.json?area=public' {
  const messages: Record<string, import('react-intl').MessageFormatElement[]>;
  export default messages;
}
declare module '*.json?area=app' {
  const messages: Record<string, import('react-intl').MessageFormatElement[]>;
  export default messages;
}
