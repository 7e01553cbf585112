import { buildApp } from '../../server/app';
import { createTestServer } from '../helpers/serverApp';

test('health answers 503 with a localized message when the database is gone', async () => {
  const server = await createTestServer();
  // An app over a second connection to the same database, which is then shut down.
  const handle = server.reopen();
  const app = await buildApp({ config: server.config, db: handle.db, dialect: server.dialect });
  try {
    await handle.close();
    const hu = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(hu.statusCode).toBe(503);
    expect(hu.json()).toEqual({ statusCode: 503, code: 'database_unavailable', message: 'Az adatbázis nem érhető el.' });
    const en = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-language': 'en-US' } });
    expect(en.json().message).toBe('The database is not available.');
  } finally {
    await app.close();
    await server.close();
  }
});
