// One Babel setup for webpack (browser targets) and jest (the running Node).
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { bugfixes: true }],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
  };
};
