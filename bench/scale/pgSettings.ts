// The PostgreSQL settings the figures depend on, as a connection to the measured database sees them
// (server-wide values and any `ALTER DATABASE … SET`), so that a recorded run says how the server
// was configured. docs/operations.md ("Memory: shared_buffers and work_mem") gives the advice.
import pg from 'pg';

const SETTINGS = ['server_version', 'shared_buffers', 'effective_cache_size', 'work_mem', 'random_page_cost', 'max_parallel_workers_per_gather', 'jit', 'fsync', 'max_connections'];

export async function describePgSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'select name, current_setting(name) as setting from pg_settings where name = any($1) order by array_position($1, name)',
      [SETTINGS],
    );
    return rows.map((row) => `${row.name}=${row.setting}`).join(', ');
  } finally {
    await client.end();
  }
}
