// Webpack loader for `translations/<language>.json?area=<area>`: one area's share of a message
// catalogue, precompiled to ICU message ASTs. The sign-in pages then download only their own
// texts (the "public" area), and the browser never needs intl-messageformat's parser (webpack
// aliases it to the no-parser build). Areas are key prefixes; "app" is every key not public.
// Jest maps these imports to the whole string catalogue (jest.config.js), which react-intl parses.
const path = require('node:path');

const PUBLIC_PREFIXES = new Set(['auth', 'mfa', 'passwordReset', 'registration', 'common', 'validation', 'locale']);

const AREAS = {
  public: (key) => PUBLIC_PREFIXES.has(key.split('.')[0]),
  app: (key) => !PUBLIC_PREFIXES.has(key.split('.')[0]),
};

module.exports = function catalogueLoader(source) {
  const done = this.async();
  const area = new URLSearchParams(this.resourceQuery.slice(1)).get('area');
  const inArea = AREAS[area];
  if (!inArea) {
    done(new Error(`Unknown catalogue area "${area}" in ${this.resourcePath}${this.resourceQuery}`));
    return;
  }
  // The parser is an ES module; the same major version as the one intl-messageformat runs.
  import('@formatjs/icu-messageformat-parser').then(({ parse }) => {
    // As react-intl parses at run time: with the catalogue's language (hour-cycle skeletons).
    const locale = new Intl.Locale(path.basename(this.resourcePath, '.json'));
    const compiled = {};
    for (const [key, message] of Object.entries(JSON.parse(source))) {
      if (inArea(key)) compiled[key] = parse(message, { locale });
    }
    // JSON.parse of a string literal is faster for the browser than the same object literal;
    // single quotes (as webpack writes JSON modules) leave the JSON's many double quotes as they are.
    const literal = JSON.stringify(compiled).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
    done(null, `export default JSON.parse('${literal}');`);
  }, done);
};
