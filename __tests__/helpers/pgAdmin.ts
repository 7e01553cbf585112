// Statements run on a connection of their own, outside the pool under test: schemas and tables a
// PostgreSQL-only test sets up and drops.
import pg from 'pg';

export async function runOnPostgres(url: string, statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
