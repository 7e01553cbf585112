export * from './randomization';
