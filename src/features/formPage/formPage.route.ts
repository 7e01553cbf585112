// The form page's chunk (the form engine with it; the bio samples panel uses the biobank feature).
import type { Feature } from '../../app/feature';
import { biobankFeature } from '../biobank/biobank.feature';
import { formPageFeature } from './formPage.feature';

export { FormPage as Component } from './FormPage';
export const features: readonly Feature[] = [formPageFeature, biobankFeature];
