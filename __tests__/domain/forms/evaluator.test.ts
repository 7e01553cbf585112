import { createFormEvaluator, loadDescriptorOrThrow } from '../../../src/domain/forms';
import { descriptorOf, rawDescriptor, type AnyField, type Doc } from './fixtures';

const fields: AnyField[] = [
  { id: 'a', type: 'integer' },
  { id: 'b', type: 'integer' },
  { id: 'unrelated', type: 'text' },
  { id: 'sum', type: 'calculated', formula: 'a + b', parameters: ['a', 'b'] },
  { id: 'double', type: 'calculated', formula: 'sum * 2', parameters: ['sum'] },
  { id: 'aOnly', type: 'calculated', formula: 'a * 10', parameters: ['a'] },
  { id: 'flag', type: 'boolean' },
  {
    id: 'outer',
    type: 'dependentGroup',
    referenceField: 'flag',
    condition: 'flag = true',
    fields: [
      { id: 'level', type: 'integer' },
      { id: 'inner', type: 'dependentGroup', referenceField: 'level', condition: 'level > 2', fields: [{ id: 'detail', type: 'text' }] },
    ],
  },
  { id: 'levelShown', type: 'calculated', formula: 'if(isEmpty(level), 0, level)', parameters: ['level'] },
  { id: 'weight', type: 'decimal' },
  {
    id: 'meds',
    type: 'multiField',
    fields: [
      { id: 'dose', type: 'decimal' },
      { id: 'perKg', type: 'calculated', formula: 'round(dose / weight, 2)', parameters: ['dose', 'weight'] },
      { id: 'high', type: 'dependentGroup', referenceField: 'perKg', condition: 'perKg > 1', fields: [{ id: 'reason', type: 'text' }] },
    ],
  },
];
const descriptor = descriptorOf(fields);

describe('first evaluation', () => {
  test('computes every calculated field and group, overwriting stale calculated values', () => {
    const ev = createFormEvaluator(descriptor, { a: 1, b: 2, sum: 99, flag: true, level: 3, weight: 50, meds: [{ dose: 100 }, { dose: 10 }] });
    expect(ev.getValue('sum')).toBe(3);
    expect(ev.getValue('double')).toBe(6);
    expect(ev.getValue('meds[0].perKg')).toBe(2);
    expect(ev.getValue('meds[1].perKg')).toBe(0.2);
    expect(ev.isVisible('outer')).toBe(true);
    expect(ev.isVisible('detail')).toBe(true);
    expect(ev.isVisible('meds[0].reason')).toBe(true);
    expect(ev.isVisible('meds[1].reason')).toBe(false);
    expect(ev.isVisible('unrelated')).toBe(true);
    expect(ev.isVisible('ghost')).toBe(false);
  });

  test('empty operands leave calculated fields empty, not NaN or 0', () => {
    const ev = createFormEvaluator(descriptor, { a: 1 });
    expect(ev.getValue('sum')).toBeNull();
    expect(ev.getValue('double')).toBeNull();
    expect(ev.getValue('aOnly')).toBe(10);
  });

  test('does not mutate the values it was given', () => {
    const input = { a: 1, b: 2, meds: [{ dose: 5 }] };
    const ev = createFormEvaluator(descriptor, input);
    ev.setValue('a', 7);
    ev.setValue('meds[0].dose', 6);
    expect(input).toEqual({ a: 1, b: 2, meds: [{ dose: 5 }] });
  });
});

describe('setValue re-evaluates only what depends on the change and reports it', () => {
  test.each<[string, unknown, { values: string[]; visibility: string[]; evaluated: number }]>([
    ['unrelated', 'x', { values: ['unrelated'], visibility: [], evaluated: 0 }],
    ['a', 5, { values: ['a', 'sum', 'aOnly', 'double'], visibility: [], evaluated: 3 }],
    ['b', 5, { values: ['b', 'sum', 'double'], visibility: [], evaluated: 2 }],
    ['flag', false, { values: ['flag', 'levelShown'], visibility: ['outer', 'inner'], evaluated: 3 }],
    ['level', 1, { values: ['level', 'levelShown'], visibility: ['inner'], evaluated: 2 }],
    ['meds[1].dose', 100, { values: ['meds[1].dose', 'meds[1].perKg'], visibility: ['meds[1].high'], evaluated: 2 }],
    ['weight', 200, { values: ['weight', 'meds[0].perKg', 'meds[1].perKg'], visibility: ['meds[0].high'], evaluated: 4 }],
  ])('%s', (path, value, report) => {
    const ev = createFormEvaluator(descriptor, { a: 1, b: 2, flag: true, level: 3, weight: 50, meds: [{ dose: 100 }, { dose: 10 }] });
    const result = ev.setValue(path, value as never);
    expect(result.values.sort()).toEqual(report.values.sort());
    expect(result.visibility.sort()).toEqual(report.visibility.sort());
    expect(result.evaluated).toBe(report.evaluated);
  });

  test('setting the same value again does nothing', () => {
    const ev = createFormEvaluator(descriptor, { a: 1 });
    expect(ev.setValue('a', 1)).toEqual({ values: [], visibility: [], evaluated: 0 });
  });

  test('a change that leaves a calculated value equal stops there', () => {
    const ev = createFormEvaluator(descriptor, { a: 1, b: 2 });
    const report = ev.setValue('a', '1');
    expect(report.values).toEqual(['a']);
    // sum and aOnly are evaluated and unchanged, so double is not.
    expect(report.evaluated).toBe(2);
  });

  test('a hidden field reads as empty in formulas', () => {
    const ev = createFormEvaluator(descriptor, { flag: true, level: 5 });
    expect(ev.getValue('levelShown')).toBe(5);
    const report = ev.setValue('flag', false);
    expect(ev.getValue('levelShown')).toBe(0);
    expect(report.values).toContain('levelShown');
    expect(ev.setValue('flag', true).values).toContain('levelShown');
    expect(ev.getValue('levelShown')).toBe(5);
  });

  test('throws on a path that has no entry (a programming error)', () => {
    const ev = createFormEvaluator(descriptor, {});
    expect(() => ev.setValue('meds[3].dose', 1)).toThrow(RangeError);
  });
});

describe('multi-field entries', () => {
  test('add evaluates the new entry only; formulas read siblings of the same entry', () => {
    const ev = createFormEvaluator(descriptor, { weight: 10, meds: [{ dose: 5 }] });
    const report = ev.addEntry('meds', { dose: 30 });
    expect(ev.entryCount('meds')).toBe(2);
    expect(report.values).toEqual(['meds', 'meds[1].perKg']);
    expect(report.visibility).toEqual(['meds[1].high']);
    expect(report.evaluated).toBe(2);
    expect(ev.getValue('meds[1].perKg')).toBe(3);
    expect(ev.getValue('meds[0].perKg')).toBe(0.5);
  });

  test('remove shifts later entries and keeps their visibility under the new paths', () => {
    const ev = createFormEvaluator(descriptor, { weight: 10, meds: [{ dose: 50 }, { dose: 1 }, { dose: 30 }] });
    expect([0, 1, 2].map((i) => ev.isVisible(`meds[${i}].reason`))).toEqual([true, false, true]);
    ev.removeEntry('meds', 0);
    expect(ev.entryCount('meds')).toBe(2);
    expect([0, 1].map((i) => ev.isVisible(`meds[${i}].reason`))).toEqual([false, true]);
    expect(ev.isVisible('meds[2].reason')).toBe(false);
    expect(() => ev.removeEntry('meds', 5)).toThrow(RangeError);
  });
});

describe('valuesForSubmit', () => {
  test('removes values of hidden groups, nested and inside entries, and keeps them for when the group shows again', () => {
    const ev = createFormEvaluator(descriptor, {
      flag: true,
      level: 1,
      detail: 'stale',
      weight: 10,
      meds: [{ dose: 50, reason: 'needed' }, { dose: 1, reason: 'stale' }],
    });
    const submitted = ev.valuesForSubmit();
    expect(submitted.level).toBe(1);
    expect('detail' in submitted).toBe(false);
    expect(submitted.meds).toEqual([{ dose: 50, perKg: 5, reason: 'needed' }, { dose: 1, perKg: 0.1 }]);
    ev.setValue('flag', false);
    expect('level' in ev.valuesForSubmit()).toBe(false);
    expect(ev.values().level).toBe(1);
    ev.setValue('flag', true);
    ev.setValue('level', 4);
    expect(ev.valuesForSubmit().detail).toBe('stale');
  });
});

describe('dependency memoisation cache', () => {
  test('is bounded (LRU) and reused', () => {
    const ev = createFormEvaluator(descriptor, {}, { cacheSize: 2 });
    ev.setValue('a', 1);
    ev.setValue('a', 2);
    expect(ev.stats()).toMatchObject({ cacheHits: 1, cacheMisses: 1, cacheSize: 1 });
    ev.setValue('b', 1);
    ev.setValue('weight', 1);
    expect(ev.stats().cacheSize).toBe(2);
    ev.setValue('a', 3);
    expect(ev.stats().cacheMisses).toBe(4);
  });

  test('defaults to 1000 entries', () => {
    const ids = Array.from({ length: 1100 }, (_, i) => ({ id: `f${i}`, type: 'integer' }));
    const ev = createFormEvaluator(descriptorOf(ids), {});
    ids.forEach((field, i) => ev.setValue(field.id, i));
    expect(ev.stats().cacheSize).toBe(1000);
  });
});

describe('a generated 2000-field form', () => {
  // Sections of 25: numbers, a calculated sum of two earlier numbers, and every 10th field a
  // boolean gating a dependent group of 3 (the benchmark's shape).
  function generate(count: number): Record<string, unknown> {
    const raw = rawDescriptor([]) as Doc;
    raw.sections = [];
    raw.form.sections = [];
    let n = 0;
    for (let s = 0; n < count; s += 1) {
      const section = { id: `s${s}`, fields: [] as AnyField[] };
      raw.sections.push({ id: section.id });
      raw.labels[section.id] = `Section ${s}`;
      for (let k = 0; k < 25 && n < count; k += 1, n += 1) {
        const id = `f${n}`;
        raw.labels[id] = id;
        if (n % 10 === 9) {
          const children = [0, 1, 2].map((c) => ({ id: `${id}_${c}`, type: 'text' }));
          children.forEach((c) => (raw.labels[c.id] = c.id));
          raw.labels[`${id}_g`] = 'group';
          section.fields.push({ id, type: 'boolean' });
          section.fields.push({ id: `${id}_g`, type: 'dependentGroup', referenceField: id, condition: `${id} = true`, fields: children });
        } else if (n % 20 === 5) {
          section.fields.push({ id, type: 'calculated', formula: `f${n - 2} + f${n - 1}`, parameters: [`f${n - 2}`, `f${n - 1}`] });
        } else {
          section.fields.push({ id, type: 'integer', min: 0, max: 1000 });
        }
      }
      raw.form.sections.push(section);
    }
    return raw;
  }

  const big = loadDescriptorOrThrow(generate(2000));
  const ev = createFormEvaluator(big, {});

  test('the first evaluation visits every node once', () => {
    const fresh = createFormEvaluator(big, {});
    // 100 calculated fields and 200 gated groups.
    expect(fresh.stats().evaluations).toBe(300);
  });

  test('one keystroke touches only its dependents', () => {
    ev.setValue('f1004', 3);
    const before = ev.stats().evaluations;
    const report = ev.setValue('f1003', 7);
    expect(report.evaluated).toBe(1);
    expect(report.values).toEqual(['f1003', 'f1005']);
    expect(ev.getValue('f1005')).toBe(10);
    expect(ev.stats().evaluations - before).toBe(1);
    expect(ev.setValue('f1002', 1).evaluated).toBe(0);
    expect(ev.setValue('f1009', true)).toEqual({ values: ['f1009'], visibility: ['f1009_g'], evaluated: 1 });
  });
});
