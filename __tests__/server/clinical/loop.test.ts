// The loop the product exists for: investigator records a patient's baseline, monitor rejects a
// field, investigator corrects with a note, one monitor approves level 1 and another level 2 until final; every
// step is on the record with old → new values and an intact hash chain.
import type { FormValues } from '../../../src/domain/forms';
import { verifyChain } from '../../../server/audit/hashChain';
import { toChained } from '../../../server/forms/history';
import { historyOf } from '../../../server/forms/history.repository';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, MONITOR, rheumaBaselineValues, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the clinical loop', () => {
  let formId = '';
  let version = 0;
  let header: FormValues = {};

  it('creates a patient and starts an attendance with a draft baseline', async () => {
    const szlk = server.instituteId('SZLK');
    const registryId = server.registryId('RA-BIO');
    const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, {
      registryId,
      name: 'Teszt Elek',
      insuranceNumber: validTaj(),
      dob: '1970-03-02',
      gender: 'male',
    });
    expect(patient.status).toBe(201);
    expect(patient.body.results[0].internalPatientNumber).toMatch(/^SZLK-\d{6}$/);
    const attendance = await server.call('POST', '/attendances', INVESTIGATOR, {
      patientId: patient.body.results[0].id,
      registryId,
      instituteId: szlk,
      physicianId: server.userId(INVESTIGATOR),
      startDateTime: '2026-01-10T08:30:00Z',
    });
    expect(attendance.status).toBe(201);
    const a = attendance.body.results[0];
    expect(a.displayId).toMatch(/^SZLK-RA-BIO-20260110-\d+$/);
    // RA-BIO defines four periods: baseline, months 3, 6 and 12; the start form is in the first.
    expect(a.periods.map((p: { name: { en: string } }) => p.name.en)).toEqual(['Baseline', 'Month 3', 'Month 6', 'Month 12']);
    expect(a.periods[0].forms[0]).toMatchObject({ state: 'draft', version: 1 });
    formId = a.formId;
    const form = await server.call('GET', `/forms/${formId}`, INVESTIGATOR);
    expect(form.status).toBe(200);
    expect(form.headers['x-form-version']).toBe('1');
    header = form.body.results[0].values;
    expect(header.visitStart).toBe('2026-01-10T09:30');
    // The form says what its reader may do now: the investigator edits their draft.
    expect(form.body.results[0].operations).toEqual([
      { operation: 'update', submit: false },
      { operation: 'update', submit: true },
      { operation: 'delete' },
    ]);
    const monitorView = await server.call('GET', `/forms/${formId}`, MONITOR);
    expect(monitorView.body.results[0].operations).toEqual([{ operation: 'destroy' }]);
    version = 1;
  });

  it('finalizes the baseline with DAS28 computed by the engine', async () => {
    const bad = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: { ...header, tjc28: 4 }, submit: true }, { 'x-form-version': String(version) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('esr');
    const saved = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: true }, { 'x-form-version': String(version) });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0]).toMatchObject({ state: 'await_inspect', version: 2 });
    expect(saved.body.results[0].values.das28esr).toBe(4.6);
    expect(saved.headers['x-form-version']).toBe('2');
    version = 2;
  });

  it('lets the monitor reject a field at level 1', async () => {
    const noVersion = await server.call('PUT', `/forms/${formId}/reject`, MONITOR, { level: 1, rejections: [{ path: 'esr', reason: 'Check the lab sheet' }] });
    expect(noVersion.status).toBe(400);
    const tooHigh = await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 2 }, { 'x-form-version': String(version) });
    expect(tooHigh.status).toBe(409);
    expect(tooHigh.body).toMatchObject({ code: 'level_out_of_order', expected: 1 });
    const byInvestigator = await server.call('PUT', `/forms/${formId}/approve`, INVESTIGATOR, { level: 1 }, { 'x-form-version': String(version) });
    expect(byInvestigator.status).toBe(403);
    const rejected = await server.call('PUT', `/forms/${formId}/reject`, MONITOR, { level: 1, rejections: [{ path: 'esr', reason: 'Check the lab sheet' }] }, { 'x-form-version': String(version) });
    expect(rejected.status).toBe(200);
    expect(rejected.body.results[0]).toMatchObject({ state: 'rejected', reviews: { esr: { reason: 'Check the lab sheet', rejectedValue: 30, level: 1 } } });
    version = rejected.body.results[0].version;
    // Now the investigator may correct, and the monitor only reset.
    const investigatorView = await server.call('GET', `/forms/${formId}`, INVESTIGATOR);
    expect(investigatorView.body.results[0].operations).toEqual([{ operation: 'correct_draft' }, { operation: 'correct_finalized' }]);
    const monitorView = await server.call('GET', `/forms/${formId}`, MONITOR);
    expect(monitorView.body.results[0].operations.map((o: { operation: string }) => o.operation)).not.toContain('correct_finalized');
    const correctable = await server.call('GET', '/forms/correctable', INVESTIGATOR);
    expect(correctable.body.results.map((f: { id: string }) => f.id)).toContain(formId);
  });

  it('refuses an unfinished correction and accepts one with a note', async () => {
    const values = rheumaBaselineValues(header);
    const unfinished = await server.call('PUT', `/forms/${formId}/correct-finalized`, INVESTIGATOR, { values, notes: {} }, { 'x-form-version': String(version) });
    expect(unfinished.status).toBe(400);
    expect(unfinished.body.code).toBe('not_corrected');
    const corrected = await server.call('PUT', `/forms/${formId}/correct-finalized`, INVESTIGATOR, { values: { ...values, esr: 32 }, notes: { esr: 'Typo, 32 on the sheet' } }, { 'x-form-version': String(version) });
    expect(corrected.status).toBe(200);
    expect(corrected.body.results[0]).toMatchObject({ state: 'corrected', reviews: { esr: { note: 'Typo, 32 on the sheet' } } });
    version = corrected.body.results[0].version;
  });

  it('is approved on levels 1 and 2 until final', async () => {
    const approvable = await server.call('GET', '/forms/approvable', MONITOR);
    const count = await server.call('GET', '/forms/approvable-count', MONITOR);
    expect(approvable.body.results.map((f: { id: string }) => f.id)).toContain(formId);
    expect(count.body.results[0].count).toBe(approvable.body.results.length);
    const beforeApproval = await server.call('GET', `/forms/${formId}`, MONITOR);
    expect(beforeApproval.body.results[0].operations).toEqual(expect.arrayContaining([{ operation: 'approve', level: 1 }, { operation: 'reject', level: 1 }]));
    const one = await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 1 }, { 'x-form-version': String(version) });
    // Four eyes: level 2 is another monitor's.
    expect(one.body.results[0].operations).not.toContainEqual({ operation: 'approve', level: 2 });
    expect(one.body.results[0]).toMatchObject({ state: 'await_inspect', approvals: [{ level: 1 }] });
    const two = await server.call('PUT', `/forms/${formId}/approve`, ADMIN, { level: 2 }, { 'x-form-version': String(one.body.results[0].version) });
    expect(two.body.results[0]).toMatchObject({ state: 'final', approvals: [{ level: 1 }, { level: 2 }] });
    const again = await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 3 }, { 'x-form-version': String(two.body.results[0].version) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'illegal_transition', state: 'final' });
  });

  it('records every step with old → new values and an intact chain', async () => {
    const history = await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR);
    expect(history.body.results.map((e: { operation: string }) => e.operation)).toEqual(['create', 'update', 'reject', 'correct_finalized', 'approve', 'approve']);
    const [, update, reject, correct] = history.body.results;
    expect(update.changes).toEqual(expect.arrayContaining([{ path: 'esr', old: null, new: 30 }, { path: 'das28esr', old: null, new: 4.6 }]));
    expect(reject.reasons).toEqual({ esr: 'Check the lab sheet' });
    expect(correct.changes).toEqual(expect.arrayContaining([{ path: 'esr', old: 30, new: 32 }]));
    expect(correct.notes).toEqual({ esr: 'Typo, 32 on the sheet' });
    const field = await server.call('GET', `/forms/${formId}/field-history/esr`, INVESTIGATOR);
    expect(field.body.results.map((e: { operation: string }) => e.operation)).toEqual(['update', 'reject', 'correct_finalized']);
    expect(verifyChain((await historyOf(server.db, formId)).map(toChained))).toBeNull();
  });
});
