// CSS modules resolve to their class names in tests; plain stylesheet imports to nothing.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
