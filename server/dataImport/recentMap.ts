// A map that keeps only its most recently set entries: the commit's per-attendance memos stay a
// bounded working set however long the file is (a file's rows for one visit come together). Every
// user of it can read a forgotten entry again from the database, so forgetting never changes a result.

/** Attendances (or patients) whose memos a commit keeps at a time. */
export const RECENT_ENTRIES = 1000;

export class RecentMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit = RECENT_ENTRIES) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    // Set again moves the key to the end: the first key is the one set longest ago.
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }
}
