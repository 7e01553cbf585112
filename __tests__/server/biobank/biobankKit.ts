// The demo-seeded app (its biobank: three types, two boxes at SZLK, six samples of the first RA-BIO
// patient) with the callers of the biobank tests: biobank@ (biobank-level uploader everywhere),
// a reader who holds only the read codes at SZLK (exporter@ given a biobank-level physician entry),
// and investigator2@ of the other institute (DEK).
import { randomUUID } from 'node:crypto';
import { createClinicalTestServer, type ClinicalTestServer } from '../clinical/clinicalTestKit';

export * from '../clinical/clinicalTestKit';

export const READER = 'exporter@example.org';
export const OTHER_INSTITUTE = 'investigator2@example.org';

export interface BiobankWorld {
  server: ClinicalTestServer;
  szlk: string;
  dek: string;
  raBio: string;
  patientId: string;
  baselineFormId: string;
  types: Record<string, string>;
  boxes: { id: string; name: string }[];
}

export async function createBiobankWorld(): Promise<BiobankWorld> {
  const server = await createClinicalTestServer();
  const szlk = server.instituteId('SZLK');
  const raBio = server.registryId('RA-BIO');
  const at = new Date().toISOString();
  await server.db
    .insertInto('access_entries')
    .values({ id: randomUUID(), kind: 'biobank', trustee_user_id: server.userId(READER), trustee_group_id: null, scheme: 'physician', registry_id: raBio, institute_id: szlk, form_type_id: null, physician_id: null, attach_permission: false, created_at: at, updated_at: at })
    .execute();
  const sample = await server.db.selectFrom('bio_samples').select('patient_id').executeTakeFirstOrThrow();
  const form = await server.db
    .selectFrom('bio_sample_forms')
    .select('form_id')
    .executeTakeFirstOrThrow();
  const types = Object.fromEntries((await server.db.selectFrom('bio_sample_types').select(['id', 'code']).execute()).map((t) => [t.code, t.id]));
  const boxes = await server.db.selectFrom('bio_sample_boxes').select(['id', 'name']).orderBy('name').execute();
  return { server, szlk, dek: server.instituteId('DEK'), raBio, patientId: sample.patient_id, baselineFormId: form.form_id, types, boxes };
}

/** The file's biobank world, with `call` short for `server.call`. */
export interface BiobankTestWorld extends BiobankWorld {
  call: ClinicalTestServer['call'];
}

/** The file's world: filled before its tests run (register other beforeAll hooks after this), closed after them. */
export function useBiobankTestServer(): BiobankTestWorld {
  // `call` is there from the start, so a file may take it out at its top: `const { call } = world`.
  const world = { call: (...args: Parameters<ClinicalTestServer['call']>) => world.server.call(...args) } as BiobankTestWorld;
  beforeAll(async () => {
    Object.assign(world, await createBiobankWorld());
  });
  afterAll(async () => {
    await world.server.close();
  });
  return world;
}
