// What else goes when a form goes (delete, destroy). Other areas hook in here, so the form lifecycle
// needs none of their internals (the biobank lets the form's samples go: bioSampleFormRelease.ts).
// The hook runs in the delete's own transaction, after the form row is marked deleted: whatever it
// writes commits or rolls back with the delete.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { RecordWriter } from './history';

export interface GoneForm {
  id: string;
  displayId: string;
}

export type FormGoneHook = (trx: Kysely<Database>, writer: RecordWriter, form: GoneForm, at: string) => Promise<void>;
