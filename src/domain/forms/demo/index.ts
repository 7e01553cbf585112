// The demo descriptors of the seed: a rheumatology biologic-therapy registry and an oncology trial.
import type { FormLocale } from '../constants';
import { buildDemoDescriptor, type DemoForm } from './build';
import { ONCOLOGY_ENROLMENT } from './oncologyEnrolment';
import { RHEUMA_ADVERSE_EVENT } from './rheumaAdverseEvent';
import { RHEUMA_BASELINE } from './rheumaBaseline';
import { RHEUMA_FOLLOW_UP } from './rheumaFollowUp';

export { buildDemoDescriptor, type Bilingual, type DemoField, type DemoForm } from './build';
export { ONCOLOGY_ENROLMENT, RHEUMA_ADVERSE_EVENT, RHEUMA_BASELINE, RHEUMA_FOLLOW_UP };

export const DEMO_FORMS: readonly DemoForm[] = [RHEUMA_BASELINE, RHEUMA_FOLLOW_UP, RHEUMA_ADVERSE_EVENT, ONCOLOGY_ENROLMENT];

/** Every demo descriptor document in both locales, unvalidated (pass each through loadDescriptor). */
export function demoDescriptorDocuments(): { displayId: string; locale: FormLocale; document: Record<string, unknown> }[] {
  return DEMO_FORMS.flatMap((form) =>
    (['hu', 'en'] as const).map((locale) => ({ displayId: form.displayId, locale, document: buildDemoDescriptor(form, locale) })),
  );
}
