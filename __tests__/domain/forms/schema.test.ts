import schema from '../../../src/domain/forms/descriptor.schema.json';
import { COMMON_FIELD_PROPERTIES, FIELD_PROPERTIES_BY_TYPE, FIELD_TYPES } from '../../../src/domain/forms';

type Def = { properties: Record<string, unknown>; required: string[] };
const defs = schema.$defs as unknown as Record<string, Def>;

describe('the JSON Schema describes the format the loader accepts', () => {
  test.each(Object.values(FIELD_TYPES))('%s has the loader\'s properties', (type) => {
    const def = defs[`${type}Field`];
    expect(def).toBeDefined();
    const expected = ['type', ...COMMON_FIELD_PROPERTIES, ...FIELD_PROPERTIES_BY_TYPE[type], 'role'];
    expect(Object.keys(def.properties).sort()).toEqual([...new Set(expected)].sort());
    expect(def.required).toEqual(expect.arrayContaining(['id', 'type']));
  });

  test('every field definition is one of the field union', () => {
    const refs = (schema.$defs.field.oneOf as { $ref: string }[]).map((r) => r.$ref);
    expect(refs).toEqual(Object.values(FIELD_TYPES).map((t) => `#/$defs/${t}Field`));
  });

  test('top-level required properties', () => {
    expect(schema.required).toEqual(['formTypeId', 'version', 'locale', 'displayId', 'behaviorType', 'sections', 'commonDataFields', 'form', 'labels']);
  });
});
