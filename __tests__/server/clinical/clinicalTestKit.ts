// The demo-seeded app with callers chosen per request (x-test-user), plus helpers for the
// patient → attendance → form loop of the clinical tests.
import { insuranceCheckDigit } from '../../../src/domain/patients';
import { createRegistryTestServer, type RegistryTestServer } from '../registries/registryTestKit';

export * from '../registries/registryTestKit';
export { rheumaBaselineValues } from '../../../server/seed/demoClinicalValues';

// Answers are checked field by field; their JSON is untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; headers: Record<string, unknown> };

export interface ClinicalTestServer extends RegistryTestServer {
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, as: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

export async function createClinicalTestServer(options: { env?: Record<string, string> } = {}): Promise<ClinicalTestServer> {
  const server = await createRegistryTestServer(options);
  return {
    ...server,
    async call(method, url, as, body, headers = {}) {
      const response = await server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { 'x-test-user': as, 'accept-language': 'en', ...headers },
        ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
      });
      return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
    },
  };
}

let counter = 0;
/** A fresh valid TAJ number per call. */
export function validTaj(): string {
  counter += 1;
  const firstEight = String(70000000 + counter * 7919 + Math.floor(Math.random() * 1000)).slice(0, 8);
  return `${firstEight}${insuranceCheckDigit(firstEight)}`;
}

export function invalidTaj(): string {
  const valid = validTaj();
  return `${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`;
}

/** A new patient of `institute` in the registry, with a visit `as` starts on `day`: the started attendance. */
export async function startVisitOfNewPatient(
  server: ClinicalTestServer,
  as: string,
  visit: { registryId: string; institute: string; day: string; name: string },
): Promise<Answer['body']> {
  const { registryId, institute, day, name } = visit;
  const patient = await server.call('POST', `/institutes/${server.instituteId(institute)}/patients`, as, { registryId, name, insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'male' });
  if (patient.status !== 201) throw new Error(`patient not created: ${patient.status} ${JSON.stringify(patient.body)}`);
  const started = await server.call('POST', '/attendances', as, {
    patientId: patient.body.results[0].id,
    registryId,
    instituteId: server.instituteId(institute),
    physicianId: server.userId(as),
    startDateTime: `${day}T08:30:00Z`,
  });
  if (started.status !== 201) throw new Error(`visit not started: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.results[0];
}
