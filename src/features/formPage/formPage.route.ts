// The form page's chunk (the form engine with it).
import type { Feature } from '../../app/feature';
import { formPageFeature } from './formPage.feature';

export { FormPage as Component } from './FormPage';
export const features: readonly Feature[] = [formPageFeature];
