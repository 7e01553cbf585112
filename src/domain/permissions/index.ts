export * from './roles';
export * from './codes';
export * from './schemes';
export * from './entries';
export * from './can';
export * from './administration';
export * from './effectiveAccess';
export * from './schemeTable';
