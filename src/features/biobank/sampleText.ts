// Small shared readings of a sample for the screens: its type's name in the interface language,
// where it is stored, and the routes of its pages (institute or central).
import { useIntl } from 'react-intl';
import type { BioSample, BioSampleType } from '../../api/bioSamples';
import type { BiobankScope } from './biobank.slice';
import { messages } from './messages';

export function useTypeName(): (type: BioSampleType) => string {
  const { locale } = useIntl();
  return (type) => (locale.startsWith('hu') ? type.nameHu : type.nameEn);
}

export function usePositionText(): (sample: BioSample) => string | null {
  const intl = useIntl();
  return (sample) => (sample.localization ? intl.formatMessage(messages.positionText, { ...sample.localization }) : null);
}

/** The list of the scope: the institute's biobank or the central one. */
export const listPath = (scope: BiobankScope): string => (scope === null ? '/central-biobank' : '/biobank');
export const samplePath = (scope: BiobankScope, id: string): string => `${listPath(scope)}/samples/${encodeURIComponent(id)}`;
/** A new sample (derived from `ancestorId` when given); `central=1` registers it through the central calls. */
export const newSamplePath = (scope: BiobankScope, ancestorId: string | null): string => {
  const params = [ancestorId ? `ancestor=${encodeURIComponent(ancestorId)}` : '', scope === null ? 'central=1' : ''].filter(Boolean);
  return `/biobank/new${params.length > 0 ? `?${params.join('&')}` : ''}`;
};
/** The print page of the samples' labels; `central` reads them through the central calls. */
export const labelsPath = (scope: BiobankScope, ids: readonly string[]): string =>
  `/biobank/labels?ids=${ids.map(encodeURIComponent).join(',')}${scope === null ? '&central=1' : ''}`;
