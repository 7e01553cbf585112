export * from './filter';
export * from './sort';
export * from './listQuery';
