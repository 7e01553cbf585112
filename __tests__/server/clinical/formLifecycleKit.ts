// A fresh handed-in (await_inspect) RA-BIO baseline of the investigator, and small readers, for the
// tests of form-level actions, fixing and four eyes.
import { INVESTIGATOR, rheumaBaselineValues, validTaj, type Answer, type ClinicalTestServer } from './clinicalTestKit';

export interface FormRef {
  id: string;
  version: number;
}

/** A new patient and attendance at SZLK whose baseline is saved as a draft (submit false) or handed in. */
export async function newBaseline(server: ClinicalTestServer, submit = true): Promise<FormRef> {
  const szlk = server.instituteId('SZLK');
  const registryId = server.registryId('RA-BIO');
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId, name: 'Négy Szem', insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'male' });
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id,
    registryId,
    instituteId: szlk,
    physicianId: server.userId(INVESTIGATOR),
    startDateTime: '2026-01-10T08:30:00Z',
  });
  const id: string = attendance.body.results[0].formId;
  const form = await server.call('GET', `/forms/${id}`, INVESTIGATOR);
  const saved = await server.call('PUT', `/forms/${id}`, INVESTIGATOR, { values: rheumaBaselineValues(form.body.results[0].values), submit }, { 'x-form-version': '1' });
  if (saved.status !== 200) throw new Error(`baseline not saved: ${JSON.stringify(saved.body)}`);
  return { id, version: saved.body.results[0].version };
}

export async function readForm(server: ClinicalTestServer, id: string, as: string): Promise<Answer['body']> {
  const answer = await server.call('GET', `/forms/${id}`, as);
  if (answer.status !== 200) throw new Error(`form not readable: ${answer.status}`);
  return answer.body.results[0];
}

export async function lastEntry(server: ClinicalTestServer, id: string, as: string): Promise<Answer['body']> {
  const history = await server.call('GET', `/forms/${id}/history`, as);
  return history.body.results[history.body.results.length - 1];
}

export const versionHeader = (form: { version: number }): Record<string, string> => ({ 'x-form-version': String(form.version) });
