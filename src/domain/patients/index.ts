export * from './insuranceNumber';
