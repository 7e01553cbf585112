import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFormEvaluator, formatDescriptorErrors, loadDescriptor, validateForm, VALIDATION_KEYS } from '../../../src/domain/forms';

const doc = readFileSync(join(__dirname, '../../../docs/form-descriptor.md'), 'utf8');

describe('docs/form-descriptor.md', () => {
  test('the complete example loads and computes DAS28', () => {
    const json = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    const result = loadDescriptor(JSON.parse(json ?? 'null'));
    expect(result.ok ? [] : formatDescriptorErrors(result.errors)).toEqual([]);
    if (!result.ok) return;
    const ev = createFormEvaluator(result.descriptor, { tjc28: 4, sjc28: 9, esr: 30, ghVas: 50, serious: true, criteria: [] });
    expect(ev.getValue('das28esr')).toBe(5.04);
    expect(validateForm(ev).map((i) => i.key)).toContain('form.atLeastOneFromList');
  });

  test('lists every key the engine added to the spec catalogue', () => {
    const spec = new Set(['string.email', 'string.min', 'string.max', 'string.empty', 'string.length', 'number.min', 'number.max', 'number.integer', 'any.required', 'any.only', 'date.format', 'string.dateRange', 'string.regex.base', 'logic.with', 'default']);
    for (const key of Object.values(VALIDATION_KEYS).filter((k) => !spec.has(k))) expect(doc).toContain(`| \`${key}\` |`);
  });
});
