// Every route of the app, read from its own OpenAPI document (/api/docs/json), with sample path
// parameters taken from the demo seed so that handlers run past their "not found" checks. A new
// route joins the gates by being in the document; a path parameter no rule below knows fails loudly.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { logEvent } from '../../../server/appLog/appLog.repository';
import type { Database } from '../../../server/db/database';

export interface JsonSchemaLike {
  type?: string | string[];
  properties?: Record<string, JsonSchemaLike>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchemaLike;
}

export interface RouteParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  type: string;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. `/api/v1/institutes/{id}`. */
  path: string;
  parameters: RouteParameter[];
  /** The body's media type and schema, when the route reads a body. */
  body?: { contentType: string; schema: JsonSchemaLike };
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: { type?: string } }>;
  requestBody?: { content: Record<string, { schema?: JsonSchemaLike }> };
}

export async function listRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = response.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = (operation.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
        .map((p) => ({ name: p.name, in: p.in as RouteParameter['in'], type: p.schema?.type ?? 'string' }));
      const content = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
      routes.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        parameters,
        ...(content ? { body: { contentType: content[0], schema: content[1].schema ?? {} } } : {}),
      });
    }
  }
  return routes;
}

export type SamplePathValues = Record<string, string>;

/** Real ids of the demo seed, one per kind of path parameter. */
export async function samplePathValues(db: Kysely<Database>): Promise<SamplePathValues> {
  const first = async <T>(query: Promise<T | undefined>, what: string): Promise<T> => {
    const row = await query;
    if (!row) throw new Error(`the demo seed has no ${what}`);
    return row;
  };
  const form = await first(db.selectFrom('forms').select(['id', 'form_type_id', 'attendance_period_id']).executeTakeFirst(), 'form');
  const attendance = await first(db.selectFrom('attendances').select(['id', 'patient_id', 'registry_id', 'institute_id']).executeTakeFirst(), 'attendance');
  const registryEntry = await first(db.selectFrom('access_entries').select('id').where('kind', '=', 'registry').executeTakeFirst(), 'registry access entry');
  const biobankEntry = await db.selectFrom('access_entries').select('id').where('kind', '=', 'biobank').executeTakeFirst();
  const user = await first(db.selectFrom('users').select('id').executeTakeFirst(), 'user');
  const group = await first(db.selectFrom('user_groups').select('id').executeTakeFirst(), 'user group');
  const logEntry = await logEvent(db, { event: 'gate.sample', message: 'an entry for the application-log routes' });
  // A sample that stays as it is under every call of the corpus: it has a descendant (no delete), no
  // form (nothing to detach) and a version above 1 (a body of only the required `version: 1` is stale).
  const bioSample = await first(
    db
      .selectFrom('bio_samples as s')
      .select('s.id')
      .where('s.id', 'in', db.selectFrom('bio_samples').select('ancestor_sample_id').where('ancestor_sample_id', 'is not', null).$castTo<{ id: string }>())
      .where('s.id', 'not in', db.selectFrom('bio_sample_forms').select('bio_sample_id'))
      .where('s.version', '>', 1)
      .executeTakeFirst(),
    'bio sample with a descendant, no form and a version above 1',
  );
  const box = await first(db.selectFrom('bio_sample_boxes').select('id').executeTakeFirst(), 'bio sample box');
  return {
    bioSample: bioSample.id,
    sampleId: bioSample.id,
    formId: form.id,
    boxId: box.id,
    form: form.id,
    formType: String(form.form_type_id),
    period: form.attendance_period_id,
    attendance: attendance.id,
    patient: attendance.patient_id,
    registry: attendance.registry_id,
    institute: attendance.institute_id,
    registryEntry: registryEntry.id,
    biobankEntry: biobankEntry?.id ?? registryEntry.id,
    user: user.id,
    group: group.id,
    logEntry,
    exportJob: '00000000-0000-4000-8000-00000000e0b0',
    fieldId: 'diagnosis_date',
    version: '1',
    fileId: '00000000-0000-4000-8000-000000000000',
    name: 'file.txt',
  };
}

/** The kind of value a path parameter names, from its name and the path segment before it. */
const ID_BY_SEGMENT: Record<string, string> = {
  institutes: 'institute',
  registries: 'registry',
  'form-types': 'formType',
  'attendance-start': 'registry',
  'registry-acl': 'registryEntry',
  'biobank-acl': 'biobankEntry',
  'form-acl': 'formType',
  patients: 'patient',
  patient: 'patient',
  attendances: 'attendance',
  attendance_periods: 'period',
  'attendance-periods': 'period',
  forms: 'form',
  users: 'user',
  'user-groups': 'group',
  'application-log': 'logEntry',
  jobs: 'exportJob',
  'bio-samples': 'bioSample',
};
const KIND_BY_NAME: Record<string, string> = { registryId: 'registry', patientId: 'patient', typeId: 'formType', userId: 'user' };

export function pathValueKind(path: string, name: string): string {
  const kind = KIND_BY_NAME[name];
  if (kind) return kind;
  if (name !== 'id') return name;
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  const bySegment = ID_BY_SEGMENT[before];
  if (!bySegment) throw new Error(`no sample for {id} after /${before}/ in ${path}: add it to ID_BY_SEGMENT`);
  return bySegment;
}

/** The route's URL with every path parameter filled: from `overrides` (raw, already encoded) or a sample. */
export function routeUrl(route: ApiRoute, samples: SamplePathValues, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name in overrides) return overrides[name];
    const value = samples[pathValueKind(route.path, name)];
    if (value === undefined) throw new Error(`no sample value for {${name}} in ${route.path}`);
    return encodeURIComponent(value);
  });
}
