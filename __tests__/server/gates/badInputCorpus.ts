// The bad-input corpus of the gate: for one route, the requests a careless or hostile caller could
// send. Every case is wrong by construction (so none may change data): malformed JSON, wrong types,
// NUL/control/bidi characters and lone surrogates in each string position, numbers beyond every
// range, deep nesting, filter-grammar injection and an oversized body.
import type { InjectOptions } from 'fastify';
import { routeUrl, type ApiRoute, type JsonSchemaLike, type SamplePathValues } from './routes';

export interface BadRequest {
  label: string;
  options: InjectOptions;
}

const NUL = 'a\u0000b';
const CONTROL = 'a\u0001\u0085\u202Eb';
const LONE_SURROGATE = 'a\uD800b';
const HUGE = '99999999999999999999';
const BAD_STRINGS = [NUL, CONTROL, LONE_SURROGATE];
const BAD_QUERY_VALUES = ['%00', '%01%E2%80%AE', '%ED%A0%80', HUGE, '1e400', '-1', '1.5', "'"];
const FILTER_INJECTIONS = ["'", "id=='", "id==';--", '==,,', 'unknownField==1', 'formTypeId==1.5', 'createdAt>=0000-01-01', 'updatedAt<=10000-01-01', 'id==%00'];

/** `depth` arrays inside each other, as JSON text (built without recursion). */
export function nestedArrays(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function nestedObjects(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function sampleOf(schema: JsonSchemaLike): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'x';
}

/** The required properties of a body schema, each with a plausible sample value. */
function baseBody(schema: JsonSchemaLike): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) body[name] = sampleOf(schema.properties?.[name] ?? {});
  return body;
}

function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function bodyCases(route: ApiRoute, url: string, bodyLimit: number): BadRequest[] {
  if (!route.body) return [];
  const { contentType, schema } = route.body;
  const method = route.method;
  const properties = Object.keys(schema.properties ?? {});
  const cases: BadRequest[] = [];
  if (contentType === 'application/x-www-form-urlencoded') {
    for (const name of properties.length > 0 ? properties : ['x']) {
      for (const bad of BAD_STRINGS) {
        const fields = new URLSearchParams({ ...(baseBody(schema) as Record<string, string>), [name]: bad });
        cases.push({ label: `form ${name}=${JSON.stringify(bad)}`, options: { method, url, headers: { 'content-type': contentType }, payload: fields.toString() } });
      }
    }
    cases.push({ label: 'form nested keys', options: { method, url, headers: { 'content-type': contentType }, payload: `${'a['.repeat(2000)}]=1` } });
  } else {
    const json = { 'content-type': 'application/json' };
    const raw = (label: string, payload: string): void => {
      cases.push({ label, options: { method, url, headers: json, payload } });
    };
    raw('malformed JSON', '{"a":');
    raw('JSON array body', '[]');
    raw('JSON string body', '"text"');
    raw('JSON number body', HUGE);
    raw('2,000 nested arrays', nestedArrays(2000));
    raw('2,000 nested objects', nestedObjects(2000));
    raw('lone surrogate escape', JSON.stringify({ ...baseBody(schema), [properties[0] ?? 'x']: 'placeholder' }).replace('placeholder', 'a\\ud800b'));
    for (const name of properties) {
      for (const bad of [...BAD_STRINGS, { a: 1 }, [1, [2]], -1, 1.5, true]) {
        raw(`${name}=${JSON.stringify(bad)}`, JSON.stringify({ ...baseBody(schema), [name]: bad }));
      }
      raw(`${name}=${HUGE}`, JSON.stringify({ ...baseBody(schema), [name]: 0 }).replace(`"${name}":0`, `"${name}":${HUGE}`));
      raw(`${name}=1e400`, JSON.stringify({ ...baseBody(schema), [name]: 0 }).replace(`"${name}":0`, `"${name}":1e400`));
      raw(`${name} nested 2,000 deep`, JSON.stringify({ ...baseBody(schema), [name]: 0 }).replace(`"${name}":0`, `"${name}":${nestedArrays(2000)}`));
      if (/date|dob|time/i.test(name)) {
        for (const date of ['0000-01-01', '10000-01-01', '9999-12-31T23:00:00-05:00', '2024-02-30']) {
          raw(`${name}=${date}`, JSON.stringify({ ...baseBody(schema), [name]: date }));
        }
      }
    }
    raw('oversized body', JSON.stringify({ ...baseBody(schema), padding: 'x'.repeat(bodyLimit + 10) }));
  }
  return cases;
}

export function corpusFor(route: ApiRoute, samples: SamplePathValues, bodyLimit: number): BadRequest[] {
  const method = route.method;
  const url = routeUrl(route, samples);
  const cases: BadRequest[] = [];
  // A NUL in a parameter nobody declared: it still reaches the request log.
  cases.push({ label: 'undeclared query NUL', options: { method, url: withQuery(url, 'zz=%00') } });
  for (const parameter of route.parameters) {
    if (parameter.in === 'path') {
      for (const bad of ['a%00b', '%01%E2%80%AE', '%ED%A0%80', HUGE, '1e400', "'%3B--"]) {
        cases.push({ label: `path ${parameter.name}=${bad}`, options: { method, url: routeUrl(route, samples, { [parameter.name]: bad }) } });
      }
    } else if (parameter.in === 'query') {
      for (const bad of BAD_QUERY_VALUES) {
        cases.push({ label: `query ${parameter.name}=${bad}`, options: { method, url: withQuery(url, `${parameter.name}=${bad}`) } });
      }
      if (parameter.name === 'filter') {
        for (const bad of FILTER_INJECTIONS) {
          cases.push({ label: `filter ${bad}`, options: { method, url: withQuery(url, `filter=${encodeURIComponent(bad).replace('%2500', '%00')}`) } });
        }
      }
    } else {
      for (const bad of [NUL, HUGE, '-1']) {
        cases.push({ label: `header ${parameter.name}=${JSON.stringify(bad)}`, options: { method, url, headers: { [parameter.name]: bad } } });
      }
    }
  }
  cases.push(...bodyCases(route, url, bodyLimit));
  return cases;
}
