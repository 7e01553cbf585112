// Values of the demo forms that pass the domain validation of the demo descriptors; the seed and
// the server tests fill forms with them. Date of birth and sex are the patient's: the server fills them.
import type { FormValues } from '../../src/domain/forms';

export function rheumaBaselineValues(header: FormValues, overrides: FormValues = {}): FormValues {
  return {
    ...header,
    visitDate: '2026-01-10',
    diagnosis: 'ra',
    diagnosisDate: '2020-05-01',
    tjc28: 4,
    sjc28: 2,
    esr: 30,
    ghVas: 50,
    igraResult: 'negative',
    priorCsDmards: ['mtx'],
    biologicDrug: 'adalimumab',
    biologicStartDate: '2026-01-10',
    biologicDose: 40,
    biologicDoseUnit: 'mg',
    biologicRoute: 'sc',
    biologicFrequency: 'every2Weeks',
    consentSigned: true,
    consentDate: '2026-01-05',
    ...overrides,
  };
}

export function rheumaFollowUpValues(header: FormValues, visitDate: string, overrides: FormValues = {}): FormValues {
  return {
    ...header,
    visitDate,
    therapyStartDate: '2026-01-10',
    currentBiologic: 'adalimumab',
    therapyOngoing: true,
    tjc28: 2,
    sjc28: 1,
    esr: 18,
    ghVas: 30,
    adverseEventsSinceLast: false,
    ...overrides,
  };
}

export function rheumaAdverseEventValues(header: FormValues, onset: string, overrides: FormValues = {}): FormValues {
  return {
    ...header,
    aeTerm: 'Felső légúti fertőzés',
    aeCategory: 'cardiovascular',
    aeOnsetDate: onset,
    aeOngoing: false,
    aeEndDate: onset,
    aeOutcome: 'recovered',
    ctcaeGrade: '2',
    serious: false,
    suspectDrug: 'adalimumab',
    causality: 'possible',
    actionTaken: 'none',
    reporterName: 'Dr. Példa Péter',
    reportDate: onset,
    ...overrides,
  };
}
