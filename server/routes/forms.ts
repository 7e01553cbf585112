// Forms (docs/api-clinical.md): read (censored without frm_read), create in a period, the
// lifecycle operations with optimistic versions (x-form-version), history, to-do lists.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormValues } from '../../src/domain/forms';
import { can } from '../../src/domain/permissions';
import { findPeriod } from '../attendances/attendances.repository';
import { attendanceNotFound, attendanceTarget, seesRandomGroup, visibleAttendanceOrThrow } from '../attendances/attendances.service';
import { ApiError, validationError } from '../errors/apiError';
import { isFreeText } from '../input/requestFormats';
import type { FormRow } from '../db/database';
import { formView, historyView, mayOnForm, visibleFormRowOrThrow } from '../forms/forms.access';
import { assertPeriodTakes } from '../forms/periodRules';
import { inTransaction } from '../db/inTransaction';
import { createFormIn, runOperation, type OperationInput } from '../forms/forms.lifecycle';
import { formSummaries } from '../forms/forms.repository';
import { withVisitStart } from '../forms/visitStart';
import { countTodo, listTodo, TODO_FIELDS, type TodoKind } from '../forms/forms.todo';
import { historyOf } from '../forms/history.repository';
import { findFormType } from '../formTypes/formTypes.repository';
import { listAnswer, parseListQueryOrThrow } from '../lists/listQuery';
import { requestLocale } from '../plugins/errorHandler';
import { requireUser } from '../plugins/authGuard';
import { noViewPermission } from '../permissions/permissionErrors';
import { subjectOf } from '../permissions/subject';
import { findRegistry } from '../registries/registries.repository';
import { writeDeps } from './clinicalDeps';
import {
  APPROVE_BODY,
  CORRECT_BODY,
  FIX_BODY,
  COUNT_SCHEMA,
  FORM_SCHEMA,
  FORM_SUMMARY_SCHEMA,
  HISTORY_SCHEMA,
  ID_PARAMS,
  NEW_FORM_BODY,
  REJECT_BODY,
  REQUIRED_REASON_BODY,
  single,
  TODO_FORM_SCHEMA,
  UPDATE_FORM_BODY,
} from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses, LIST_QUERY_SCHEMA, listAnswerSchema } from './schemas';

const TAGS = ['forms'];
const READ_ERRORS = errorResponses({ extra: [401, 403, 404] });
const WRITE_ERRORS = errorResponses({ body: true, extra: [401, 403, 404, 409] });
const VERSION_HEADER = {
  type: 'object',
  properties: { 'x-form-version': { type: 'string', pattern: '^\\d{1,9}$', description: 'The version of the form the caller last read' } },
} as const;

function versionOf(request: FastifyRequest, required: boolean): number | undefined {
  const header = request.headers['x-form-version'];
  if (typeof header === 'string' && /^\d{1,9}$/.test(header)) return Number(header);
  if (required) throw new ApiError({ statusCode: 400, code: 'version_required', messageId: 'server.forms.versionRequired' });
  return undefined;
}

/** The reason of a destroy, from a body the route does not describe (a draft's delete has none). */
function destroyReason(body: unknown): string {
  const reason = body !== null && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  if (typeof reason !== 'string' || reason.trim() === '') throw validationError([{ path: 'reason', key: 'any.required', context: {} }]);
  if (reason.length > 2000) throw validationError([{ path: 'reason', key: 'string.max', context: { limit: 2000 } }]);
  if (!isFreeText(reason)) throw validationError([{ path: 'reason', key: 'string.controlChars', context: {} }]);
  return reason;
}

export async function formRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  const sendRow = async (request: FastifyRequest, reply: FastifyReply, row: FormRow, status = 200) => {
    const form = await formView(db, await subjectOf(request, db), row);
    return reply.code(status).header('x-form-version', String(form.version)).send({ results: [form] });
  };

  const sendForm = async (request: FastifyRequest, reply: FastifyReply, id: string, status = 200) =>
    sendRow(request, reply, await visibleFormRowOrThrow(db, await subjectOf(request, db), id), status);

  const operation = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, input: OperationInput, versionRequired = true) => {
    const row = await runOperation(await writeDeps(request, deps), request.params.id, versionOf(request, versionRequired), input);
    if (!row) return reply.code(204).send();
    // The form as this operation left it (read in its transaction): a read after the commit could
    // already show the next writer's save, and the caller would take that version for its own.
    return sendRow(request, reply, row);
  };

  app.get<{ Params: { id: string } }>(
    '/forms/:id',
    { onRequest: requireUser, schema: { summary: 'One form (frm_read, else censored); x-form-version in the answer', tags: TAGS, params: ID_PARAMS, response: { 200: single(FORM_SCHEMA), ...READ_ERRORS } } },
    (request, reply) => sendForm(request, reply, request.params.id),
  );

  app.post<{ Params: { id: string }; Body: { formTypeId: number; values?: FormValues; submit?: boolean } }>(
    '/attendance-periods/:id/forms',
    { onRequest: requireUser, schema: { summary: 'Creates a form in a period (frm_create); submit: true hands it in at once. 409: form_type_not_allowed_in_period, form_type_once_per_attendance, period_form_limit, attendance_disqualified; unknown period 404 "Attendance not found"', tags: TAGS, params: ID_PARAMS, body: NEW_FORM_BODY, response: { 201: single(FORM_SCHEMA), ...WRITE_ERRORS } } },
    async (request, reply) => {
      const write = await writeDeps(request, deps);
      const period = await findPeriod(db, request.params.id);
      if (!period) throw attendanceNotFound();
      const attendance = await visibleAttendanceOrThrow(db, write.subject, period.attendanceId);
      // A caller who may create no form in this attendance is told so before anything about the form type.
      if (!can(write.subject, 'frm_create', attendanceTarget(attendance))) throw noViewPermission();
      const formType = await findFormType(db, request.body.formTypeId, requestLocale(request));
      if (!formType || formType.registryId !== attendance.registry_id) {
        throw new ApiError({ statusCode: 400, code: 'form_type_not_in_registry', messageId: 'server.forms.formTypeNotInRegistry' });
      }
      const id = await inTransaction(db, async (trx) => {
        // Read again under the lock the rule takes: the period's count and the attendance's state are current.
        const current = await assertPeriodTakes(trx, deps.dialect, attendance.id, period, formType);
        return createFormIn(trx, write, {
          attendance: current,
          periodId: period.id,
          formTypeId: formType.id,
          formTypeDisplayId: formType.displayId,
          descriptorVersion: formType.lastVersion,
          // The server, not each client, gives a later period's form the visit start it left empty.
          values: await withVisitStart(trx, current, formType.id, formType.lastVersion, request.body.values ?? {}),
          submit: request.body.submit ?? false,
        });
      });
      return sendForm(request, reply, id, 201);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/attendance_periods/:id/forms',
    { onRequest: requireUser, schema: { summary: 'The forms of a period', tags: TAGS, params: ID_PARAMS, response: { 200: listAnswerSchema(FORM_SUMMARY_SCHEMA), ...READ_ERRORS } } },
    async (request) => {
      const subject = await subjectOf(request, db);
      const period = await findPeriod(db, request.params.id);
      if (!period) throw attendanceNotFound();
      await visibleAttendanceOrThrow(db, subject, period.attendanceId);
      return listAnswer(await formSummaries(db, { periodIds: [period.id] }, requestLocale(request)));
    },
  );

  const writeRoute = <B>(method: 'put' | 'delete', url: string, summary: string, body: Record<string, unknown> | undefined, toInput: (body: B, query: Record<string, string>) => OperationInput, versionRequired = true) =>
    app.route<{ Params: { id: string }; Body: B; Querystring: Record<string, string> }>({
      method: method.toUpperCase() as 'PUT' | 'DELETE',
      url,
      onRequest: requireUser,
      schema: {
        summary,
        tags: TAGS,
        params: ID_PARAMS,
        headers: VERSION_HEADER,
        ...(body ? { body } : {}),
        ...(method === 'delete' ? { querystring: { type: 'object', properties: { destroy: { type: 'string', enum: ['true', 'false'] } } } } : {}),
        response: { 200: single(FORM_SCHEMA), 204: { type: 'null' }, ...WRITE_ERRORS },
      },
      handler: (request, reply) => operation(request, reply, toInput(request.body as B, request.query), versionRequired),
    });

  writeRoute<{ values?: FormValues; submit: boolean }>('put', '/forms/:id', 'Saves a draft (submit: false) or finalizes it (submit: true); x-form-version required', UPDATE_FORM_BODY, (b) => ({
    operation: 'update',
    values: b.values ?? {},
    submit: b.submit,
  }));
  writeRoute<{ level: number }>('put', '/forms/:id/approve', 'Approves the next level; x-form-version required', APPROVE_BODY, (b) => ({ operation: 'approve', level: b.level }));
  writeRoute<{ level: number; rejections: { path: string; reason: string }[] }>('put', '/forms/:id/reject', 'Sends fields back with reasons; x-form-version required', REJECT_BODY, (b) => ({
    operation: 'reject',
    level: b.level,
    rejections: b.rejections,
  }));
  writeRoute<{ values?: FormValues; notes?: Record<string, string> }>('put', '/forms/:id/correct-draft', 'Saves a correction in progress; x-form-version required', CORRECT_BODY, (b) => ({
    operation: 'correct_draft',
    values: b.values,
    notes: b.notes ?? {},
  }));
  writeRoute<{ values?: FormValues; notes?: Record<string, string> }>('put', '/forms/:id/correct-finalized', 'Hands a correction in (every rejected field corrected); x-form-version required', CORRECT_BODY, (b) => ({
    operation: 'correct_finalized',
    values: b.values,
    notes: b.notes ?? {},
  }));
  writeRoute<{ reason: string }>('delete', '/forms/:id/approvals', 'Approval reset (frm_reset_approval) with a reason kept in the record: back to draft; x-form-version checked when sent', REQUIRED_REASON_BODY, (b) => ({ operation: 'approval_reset', reason: b.reason }), false);
  // No body schema: deleting a draft sends no body at all; destroying needs { reason }.
  writeRoute<unknown>(
    'delete',
    '/forms/:id',
    'Deletes a draft (frm_delete), or destroys a form with ?destroy=true and a body { reason } kept in the record (frm_destroy); 204; x-form-version checked when sent',
    undefined,
    (b, q) => (q.destroy === 'true' ? { operation: 'destroy', reason: destroyReason(b) } : { operation: 'delete' }),
    false,
  );
  writeRoute<{ path: string; value: unknown }>('put', '/forms/:id/fix', "A monitor's fix of one value whose fix lock the caller holds; the state and approvals stay, the lock is released; x-form-version required", FIX_BODY, (b) => ({
    operation: 'fix',
    path: b.path,
    value: b.value,
  }));

  const history = async (request: FastifyRequest<{ Params: { id: string; fieldId?: string } }>) => {
    const subject = await subjectOf(request, db);
    const row = await visibleFormRowOrThrow(db, subject, request.params.id);
    if (!mayOnForm(subject, 'frm_read', row)) throw noViewPermission();
    const registry = await findRegistry(db, row.registry_id, 'en');
    const entries = await historyView(db, subject, row, await historyOf(db, row.id), registry ? seesRandomGroup(subject, registry, row) : false);
    const fieldId = request.params.fieldId;
    if (!fieldId) return { results: entries };
    const touches = (path: string): boolean => path === fieldId || path.startsWith(`${fieldId}[`) || path.startsWith(`${fieldId}.`);
    return { results: entries.filter((e) => e.changes.some((c) => touches(c.path)) || Object.keys(e.reasons).some(touches) || Object.keys(e.notes).some(touches)) };
  };

  app.get<{ Params: { id: string } }>(
    '/forms/:id/history',
    { onRequest: requireUser, schema: { summary: 'The record of a form, oldest first (frm_read)', tags: TAGS, params: ID_PARAMS, response: { 200: { type: 'object', properties: { results: { type: 'array', items: HISTORY_SCHEMA } } }, ...READ_ERRORS } } },
    history,
  );
  app.get<{ Params: { id: string; fieldId: string } }>(
    '/forms/:id/field-history/:fieldId',
    {
      onRequest: requireUser,
      schema: {
        summary: 'The entries that changed, rejected or annotated one field',
        tags: TAGS,
        params: { type: 'object', required: ['id', 'fieldId'], properties: { id: { type: 'string', maxLength: 100 }, fieldId: { type: 'string', maxLength: 200 } } },
        response: { 200: { type: 'object', properties: { results: { type: 'array', items: HISTORY_SCHEMA } } }, ...READ_ERRORS },
      },
    },
    history,
  );

  for (const kind of ['approvable', 'correctable'] as TodoKind[]) {
    app.get<{ Querystring: Record<string, unknown> }>(
      `/forms/${kind}`,
      { onRequest: requireUser, schema: { summary: `Forms the caller may ${kind === 'approvable' ? 'approve now' : 'must correct'}. Filter/sort: ${Object.keys(TODO_FIELDS).join(', ')}`, tags: TAGS, querystring: LIST_QUERY_SCHEMA, response: { 200: listAnswerSchema(TODO_FORM_SCHEMA), ...errorResponses({ extra: [401] }) } } },
      async (request) => {
        const query = parseListQueryOrThrow(request.query, TODO_FIELDS);
        const { items, total } = await listTodo(db, deps.dialect, await subjectOf(request, db), kind, query, requestLocale(request));
        return listAnswer(items, total);
      },
    );
    app.get<{ Querystring: Record<string, unknown> }>(
      `/forms/${kind}-count`,
      { onRequest: requireUser, schema: { summary: `How many forms /forms/${kind} holds (same filters)`, tags: TAGS, querystring: LIST_QUERY_SCHEMA, response: { 200: COUNT_SCHEMA, ...errorResponses({ extra: [401] }) } } },
      async (request) => {
        const query = parseListQueryOrThrow(request.query, TODO_FIELDS);
        return { results: [{ count: await countTodo(db, deps.dialect, await subjectOf(request, db), kind, query) }] };
      },
    );
  }
  // Fix locks: ./fixLockRoutes.ts. The files of file-upload fields: ./formFiles.ts (their own body parser).
}
