// Renders <FormEngine/> over a demo descriptor with the app's providers (a data router, so the
// leave prompt works), and builds small descriptors for focused cases.
import type { RenderResult } from '@testing-library/react';
import { loadDescriptorOrThrow, type FormDescriptor, type FormLocale } from '../../../src/domain/forms';
import { buildDemoDescriptor, DEMO_FORMS } from '../../../src/domain/forms/demo';
import { FormEngine, type FormEngineProps, type FormPermissions } from '../../../src/formEngine';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { testDescriptorDocument } from '../../helpers/testDescriptor';

export const ALL: FormPermissions = { view: true, edit: true, inspect: true, fix: true };
export const TODAY = (): string => '2026-03-10';

export function demo(displayId: string, locale: FormLocale = 'en'): FormDescriptor {
  const form = DEMO_FORMS.find((f) => f.displayId === displayId);
  if (!form) throw new Error(displayId);
  return loadDescriptorOrThrow(buildDemoDescriptor(form, locale));
}

export function renderEngine(props: Partial<FormEngineProps> & { descriptor: FormDescriptor }, locale: FormLocale = 'en'): RenderResult {
  return renderWithProviders(<FormEngine permissions={ALL} viewType="new" today={TODAY} {...props} />, { locale });
}

/** The element wrapping one field (its label, input, badges, issues and review controls). */
export function fieldBox(element: HTMLElement): HTMLElement {
  const box = element.closest<HTMLElement>('[data-field]');
  if (!box) throw new Error('not inside a field');
  return box;
}

export const HEADER = { patient: 'P-001', physician: 'Dr. Test' };

/** A two-section form: `code` is indispensable (blocks drafts), `name` only mandatory (blocks submit). */
export function smallForm(locale: FormLocale = 'en'): FormDescriptor {
  return loadDescriptorOrThrow(
    testDescriptorDocument({
      locale,
      displayId: 'SMALL',
      sections: {
        first: [
          { id: 'code', type: 'text', mandatory: true },
          { id: 'note', type: 'text', minLength: 5, severity: 'warning' },
        ],
        second: [
          { id: 'name', type: 'text', mandatory: true },
          { id: 'age', type: 'integer', min: 0, max: 120 },
        ],
      },
      labels: { first: 'First part', second: 'Second part', code: 'Code', note: 'Note', name: 'Name', age: 'Age' },
      indispensableFields: ['code'],
      personalDataFields: ['name'],
    }),
  );
}
