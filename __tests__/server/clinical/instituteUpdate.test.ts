// PUT /institutes/{id} over the real app and database: admins only, IANA time zones, per-field 400s,
// and the regeneration of the display ids of the institute's attendances and forms (with a
// system_update entry per changed form and intact audit chains) on a time-zone or short-name change.
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { localParts } from '../../../server/attendances/displayIds';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, LOCAL_ADMIN, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
});
afterAll(async () => {
  await server.close();
});

/** The institute as the edit form would send it back (main name, every editable field). */
async function editable(id = szlk): Promise<Record<string, unknown>> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = (await server.call('GET', `/institutes/${id}?shouldLocalize=false`, ADMIN)).body.results[0];
  return fields;
}

const put = (body: unknown, as = ADMIN, id = szlk) => server.call('PUT', `/institutes/${id}`, as, body);

async function startAt(startDateTime: string): Promise<{ id: string; displayId: string; formId: string }> {
  const registryId = server.registryId('RA-BIO');
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId, name: 'Éjfél Előd', dob: '1966-06-06', gender: 'male', insuranceNumber: validTaj() });
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime });
  expect(attendance.status).toBe(201);
  const { id, displayId, formId } = attendance.body.results[0];
  return { id, displayId, formId };
}

/** Every attendance and form id of an institute, straight from the tables. */
async function idsOf(instituteId: string) {
  const attendances = await server.db.selectFrom('attendances').select(['id', 'display_id', 'start_date_time', 'sequence', 'registry_id']).where('institute_id', '=', instituteId).execute();
  const forms = await server.db.selectFrom('forms').select(['id', 'display_id', 'attendance_id', 'version', 'state']).where('institute_id', '=', instituteId).execute();
  return { attendances, forms };
}

describe('PUT /institutes/{id}', () => {
  it('is for admins only', async () => {
    const before = await editable();
    for (const caller of [LOCAL_ADMIN, INVESTIGATOR]) {
      const refused = await put({ ...before, timeZone: 'UTC' }, caller);
      expect([caller, refused.status]).toEqual([caller, 403]);
    }
    expect((await put({ ...before, timeZone: 'UTC' }, '')).status).toBe(401);
    expect(await editable()).toEqual(before);
  });

  it('answers 404 "Institute not found" for an unknown id', async () => {
    const answer = await put(await editable(), ADMIN, 'no-such-institute');
    expect(answer.body).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Institute not found' });
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, [{ path: 'timeZone', key: 'api.invalidTimeZone' }]],
    ['a UTC offset for a zone', { timeZone: '+01:00' }, [{ path: 'timeZone', key: 'api.invalidTimeZone' }]],
    ['a short name with a space', { shortName: 'SZ LK' }, [{ path: 'shortName', key: 'string.regex.base' }]],
    ["another institute's short name", { shortName: 'dek' }, [{ path: 'shortName', key: 'api.unique' }]],
    ['a broken e-mail address', { contactEmail: 'registry@' }, [{ path: 'contactEmail', key: 'string.email' }]],
    ['a latitude off the globe', { lat: 100 }, [{ path: 'lat', key: 'number.max' }]],
    ['a missing name', { name: undefined }, [{ path: 'name', key: 'any.required' }]],
    ['several at once', { timeZone: 'Nowhere', contactEmail: 'x' }, [{ path: 'timeZone', key: 'api.invalidTimeZone' }, { path: 'contactEmail', key: 'string.email' }]],
  ])('answers 400 with the field keys for %s and changes nothing', async (_name, change, errors) => {
    const before = await editable();
    const refused = await put({ ...before, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(refused.body.errors).toEqual(errors.map((error) => expect.objectContaining(error)));
    expect(await editable()).toEqual(before);
  });

  it('names the time-zone problem in the message, in both languages', async () => {
    const body = { ...(await editable()), timeZone: 'Mars/Olympus_Mons' };
    expect((await put(body)).body.message).toContain('timeZone: invalid time zone');
    const hu = await server.call('PUT', `/institutes/${szlk}`, ADMIN, body, { 'accept-language': 'hu' });
    expect(hu.body.message).toContain('timeZone: ');
    expect(hu.body.message).not.toContain('invalid time zone');
  });

  it('saves the other fields without touching any display id', async () => {
    const before = await idsOf(szlk);
    const saved = await put({ ...(await editable()), city: 'Budapest VIII.', notes: '  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ results: [{ id: szlk, city: 'Budapest VIII.', notes: null }], regenerated: { attendances: 0, forms: 0 } });
    expect(await idsOf(szlk)).toEqual(before);
  });

  it('regenerates the ids of attendances and forms on a time-zone change, on the record and in one chain', async () => {
    // 23:30 UTC is already the next day in Budapest, still the same day in New York.
    const late = await startAt('2026-01-10T23:30:00Z');
    const noon = await startAt('2026-01-10T12:00:00Z');
    expect(late.displayId).toMatch(/^SZLK-RA-BIO-20260111-\d+$/);
    expect(noon.displayId).toMatch(/^SZLK-RA-BIO-20260110-\d+$/);
    const dek = await idsOf(server.instituteId('DEK'));
    const before = await idsOf(szlk);
    const formBefore = (await server.call('GET', `/forms/${late.formId}`, INVESTIGATOR)).body.results[0];

    const saved = await put({ ...(await editable()), timeZone: 'America/New_York' });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0].timeZone).toBe('America/New_York');
    expect(saved.body.regenerated).toEqual({ attendances: 1, forms: 1 });

    const after = await idsOf(szlk);
    const lateNow = after.attendances.find((a) => a.id === late.id);
    expect(lateNow?.display_id).toMatch(/^SZLK-RA-BIO-20260110-\d+$/);
    // The attendance that stayed on its day keeps its id; the one that moved takes a fresh number.
    expect(after.attendances.find((a) => a.id === noon.id)?.display_id).toBe(noon.displayId);
    expect(new Set(after.attendances.map((a) => a.display_id)).size).toBe(after.attendances.length);
    const registryShortName = new Map(['RA-BIO', 'NSCLC-1L'].map((shortName) => [server.registryId(shortName), shortName]));
    for (const attendance of after.attendances) {
      const day = localParts(new Date(attendance.start_date_time), 'America/New_York').dayKey;
      expect(attendance.display_id).toBe(`SZLK-${registryShortName.get(attendance.registry_id)}-${day}-${attendance.sequence}`);
    }
    for (const form of after.forms) {
      expect(form.display_id.startsWith(`${after.attendances.find((a) => a.id === form.attendance_id)?.display_id}-`)).toBe(true);
    }

    // The form's content, state and version are as they were; its record says what changed and who did it.
    const formNow = (await server.call('GET', `/forms/${late.formId}`, INVESTIGATOR)).body.results[0];
    expect(formNow).toMatchObject({ displayId: `${lateNow?.display_id}-${formBefore.displayId.slice(late.displayId.length + 1)}`, state: formBefore.state, version: formBefore.version, values: formBefore.values });
    const history = (await server.call('GET', `/forms/${late.formId}/history`, INVESTIGATOR)).body.results;
    expect(history.at(-1)).toMatchObject({ operation: 'system_update', userId: server.userId(ADMIN), changes: [{ path: '$displayId', old: formBefore.displayId, new: formNow.displayId }] });
    expect(history).toHaveLength(2);
    const untouched = before.forms.filter((f) => f.attendance_id !== late.id);
    expect(after.forms.filter((f) => f.attendance_id !== late.id)).toEqual(expect.arrayContaining(untouched));
    expect(await idsOf(server.instituteId('DEK'))).toEqual(dek);
    expect((await verifyAllChains(server.db)).breaks).toEqual([]);

    // A start after the change counts on from the moved attendance: no id is handed out twice.
    const next = await startAt('2026-01-10T20:00:00Z');
    expect(Number(next.displayId.split('-').at(-1))).toBeGreaterThan(Number(lateNow?.display_id.split('-').at(-1)));
  });

  it('treats another spelling of the same zone as no change', async () => {
    const before = await idsOf(szlk);
    const saved = await put({ ...(await editable()), timeZone: 'america/new_york' });
    expect(saved.body).toMatchObject({ results: [{ timeZone: 'America/New_York' }], regenerated: { attendances: 0, forms: 0 } });
    expect(await idsOf(szlk)).toEqual(before);
  });

  it('regenerates every id of the institute on a short-name change', async () => {
    const before = await idsOf(szlk);
    const saved = await put({ ...(await editable()), shortName: 'SZLK2' });
    expect(saved.body.regenerated).toEqual({ attendances: before.attendances.length, forms: before.forms.length });
    const after = await idsOf(szlk);
    for (const attendance of after.attendances) {
      const old = before.attendances.find((a) => a.id === attendance.id)?.display_id ?? '';
      expect(attendance.display_id).toBe(old.replace(/^SZLK-/, 'SZLK2-'));
    }
    for (const form of after.forms) expect(form.display_id).toMatch(/^SZLK2-/);
    const list = await server.call('GET', '/forms/approvable', 'monitor@example.org');
    expect(list.body.results.length).toBeGreaterThan(0);
    expect(list.body.results.filter((f: { displayId: string }) => f.displayId.startsWith('SZLK-'))).toEqual([]);
    expect((await verifyAllChains(server.db)).breaks).toEqual([]);
  });
});
