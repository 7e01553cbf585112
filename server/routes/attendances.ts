// Attendances (docs/api-clinical.md): start (with the random group of a trial and the start form),
// read, header edits, their periods, and the approval reset of all their forms.
import type { FastifyInstance } from 'fastify';
import { attendanceRowsOfPatient } from '../attendances/attendances.repository';
import { patchAttendance, resetAttendanceApprovals, type AttendancePatch } from '../attendances/attendances.edits';
import { disqualifyAttendance, requalifyAttendance } from '../attendances/disqualification';
import { canSeeAttendance, startAttendance, visibleAttendanceOrThrow, type NewAttendanceInput } from '../attendances/attendances.service';
import { attendanceViews } from '../attendances/attendances.views';
import { registryPeriods } from '../registries/registryPeriods';
import { REGISTRY_PERIOD_SCHEMA } from './registrySchemas';
import { requestLocale } from '../plugins/errorHandler';
import { requireUser } from '../plugins/authGuard';
import { subjectOf } from '../permissions/subject';
import { visiblePatientRecordOrThrow } from '../patients/patients.service';
import { visibleRegistryIdOrThrow } from '../registries/registries.service';
import { writeDeps } from './clinicalDeps';
import { ATTENDANCE_SCHEMA, ID_PARAMS, NEW_ATTENDANCE_BODY, PATCH_ATTENDANCE_BODY, PERIOD_SCHEMA, REQUIRED_REASON_BODY, single } from './clinicalSchemas';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

const TAGS = ['attendances'];
const ERRORS = errorResponses({ extra: [401, 403, 404] });
const WRITE_ERRORS = errorResponses({ body: true, extra: [401, 403, 404, 409] });

export async function attendanceRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  const answer = async (request: Parameters<typeof subjectOf>[0], id: string) => {
    const subject = await subjectOf(request, db);
    const row = await visibleAttendanceOrThrow(db, subject, id);
    return { results: await attendanceViews(db, subject, [row], requestLocale(request)) };
  };

  app.post<{ Body: NewAttendanceInput }>(
    '/attendances',
    {
      onRequest: requireUser,
      schema: { summary: 'Starts an attendance (frm_create): first period, attendance-start form (draft), random group of a trial', tags: TAGS, body: NEW_ATTENDANCE_BODY, response: { 201: single(ATTENDANCE_SCHEMA), ...WRITE_ERRORS } },
    },
    async (request, reply) => {
      const id = await startAttendance(await writeDeps(request, deps), request.body);
      return reply.code(201).send(await answer(request, id));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/attendances/:id',
    { onRequest: requireUser, schema: { summary: 'One attendance; 404 "Attendance not found"', tags: TAGS, params: ID_PARAMS, response: { 200: single(ATTENDANCE_SCHEMA), ...ERRORS } } },
    (request) => answer(request, request.params.id),
  );

  app.patch<{ Params: { id: string }; Body: AttendancePatch }>(
    '/attendances/:id',
    {
      onRequest: requireUser,
      schema: {
        summary: 'End time, inpatient days (where the registry has them), completion (frm_edit); completing needs an end',
        tags: TAGS,
        params: ID_PARAMS,
        body: PATCH_ATTENDANCE_BODY,
        response: { 200: single(ATTENDANCE_SCHEMA), ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await patchAttendance(await writeDeps(request, deps), request.params.id, request.body ?? {}, request.id);
      return answer(request, request.params.id);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/attendances/:id/attendance_periods',
    { onRequest: requireUser, schema: { summary: 'The periods of an attendance with their forms', tags: TAGS, params: ID_PARAMS, response: { 200: { type: 'object', properties: { results: { type: 'array', items: PERIOD_SCHEMA } } }, ...ERRORS } } },
    async (request) => {
      const [attendance] = (await answer(request, request.params.id)).results;
      return { results: attendance.periods };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/registries/:id/attendance_periods',
    {
      onRequest: requireUser,
      schema: { summary: 'The periods a registry defines, in order, with their names and the form types each allows', tags: TAGS, params: ID_PARAMS, response: { 200: { type: 'object', properties: { results: { type: 'array', items: REGISTRY_PERIOD_SCHEMA } } }, ...ERRORS } },
    },
    async (request) => {
      const registryId = await visibleRegistryIdOrThrow(db, await subjectOf(request, db), request.params.id);
      return { results: await registryPeriods(db, [registryId], requestLocale(request)) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/patients/:id/attendance_periods',
    { onRequest: requireUser, schema: { summary: 'Every attendance of a patient (that the caller may see) with its periods', tags: TAGS, params: ID_PARAMS, response: { 200: { type: 'object', properties: { results: { type: 'array', items: ATTENDANCE_SCHEMA } } }, ...ERRORS } } },
    async (request) => {
      const subject = await subjectOf(request, db);
      const patient = await visiblePatientRecordOrThrow(db, subject, request.params.id);
      const rows = (await attendanceRowsOfPatient(db, patient.id)).filter((row) => canSeeAttendance(subject, row));
      return { results: await attendanceViews(db, subject, rows, requestLocale(request)) };
    },
  );

  const disqualificationRoute = (method: 'PUT' | 'DELETE', summary: string, run: typeof disqualifyAttendance): void => {
    app.route<{ Params: { id: string }; Body: { reason: string } }>({
      method,
      url: '/attendances/:id/disqualification',
      onRequest: requireUser,
      schema: { summary, tags: TAGS, params: ID_PARAMS, body: REQUIRED_REASON_BODY, response: { 200: single(ATTENDANCE_SCHEMA), ...WRITE_ERRORS } },
      handler: async (request) => {
        await run(await writeDeps(request, deps), request.params.id, request.body.reason, request.id);
        return answer(request, request.params.id);
      },
    });
  };
  disqualificationRoute('PUT', 'Disqualifies the attendance (att_disqualify) with a reason: its forms take no writes and leave the to-do lists; 409 when already disqualified', disqualifyAttendance);
  disqualificationRoute('DELETE', 'Requalifies a disqualified attendance (administrators only) with a reason', requalifyAttendance);

  app.delete<{ Params: { id: string } }>(
    '/attendances/:id/approvals',
    { onRequest: requireUser, schema: { summary: 'Approval reset of every form of the attendance (frm_reset_approval), in one transaction; answers the attendance', tags: TAGS, params: ID_PARAMS, response: { 200: single(ATTENDANCE_SCHEMA), ...WRITE_ERRORS } } },
    async (request) => {
      await resetAttendanceApprovals(await writeDeps(request, deps), request.params.id);
      return answer(request, request.params.id);
    },
  );
}
