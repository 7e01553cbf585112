export * from './insuranceNumber';
export * from './patient';
export * from './searchText';
