export * from './insuranceNumber';
export * from './patient';
