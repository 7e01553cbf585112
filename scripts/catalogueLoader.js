// Webpack loader for `translations/<language>.json?area=<area>`: one area's share of a message
// catalogue, precompiled to ICU message ASTs. The sign-in pages then download only their own
// texts (the "public" area), and the browser never needs intl-messageformat's parser (webpack
// aliases it to the no-parser build).
// Jest maps these imports to the whole string catalogue (jest.config.js), which react-intl parses.
const path = require('node:path');

// Keys by their first segment. "app" holds every key of no other area. A page's route lists the
// areas it needs besides "public" and "app" (src/app/routes.tsx); these prefixes appear nowhere else.
const AREA_PREFIXES = {
  public: ['auth', 'mfa', 'passwordReset', 'registration', 'common', 'validation', 'locale'],
  // The form page, the sandbox and the form type editor.
  formEngine: ['formPage', 'formEngine'],
  admin: ['admin', 'formTypes', 'groups', 'institutes', 'applicationLog', 'mailingList', 'accessLists'],
  // The server's keys reach the client only as an import report's message ids.
  dataImport: ['dataImport', 'import', 'server'],
  dataExport: ['dataExport'],
};
const AREA_OF_PREFIX = new Map(Object.entries(AREA_PREFIXES).flatMap(([area, prefixes]) => prefixes.map((prefix) => [prefix, area])));
const areaOf = (key) => AREA_OF_PREFIX.get(key.split('.')[0]) ?? 'app';
const AREAS = new Set([...Object.keys(AREA_PREFIXES), 'app']);

module.exports = function catalogueLoader(source) {
  const done = this.async();
  const area = new URLSearchParams(this.resourceQuery.slice(1)).get('area');
  if (!AREAS.has(area)) {
    done(new Error(`Unknown catalogue area "${area}" in ${this.resourcePath}${this.resourceQuery}`));
    return;
  }
  // The parser is an ES module; the same major version as the one intl-messageformat runs.
  import('@formatjs/icu-messageformat-parser').then(({ parse }) => {
    // As react-intl parses at run time: with the catalogue's language (hour-cycle skeletons).
    const locale = new Intl.Locale(path.basename(this.resourcePath, '.json'));
    const compiled = {};
    for (const [key, message] of Object.entries(JSON.parse(source))) {
      if (areaOf(key) === area) compiled[key] = parse(message, { locale });
    }
    // JSON.parse of a string literal is faster for the browser than the same object literal;
    // single quotes (as webpack writes JSON modules) leave the JSON's many double quotes as they are.
    const literal = JSON.stringify(compiled).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
    done(null, `export default JSON.parse('${literal}');`);
  }, done);
};
