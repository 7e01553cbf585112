// Security headers, request ids, health and the OpenAPI document.
import { createTestServer, type TestServer } from '../helpers/serverApp';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

test('every answer carries the strict CSP and the other security headers', async () => {
  for (const url of ['/api/v1/health', '/api/v1/unknown']) {
    const { headers } = await server.app.inject({ method: 'GET', url });
    const csp = String(headers['content-security-policy']).split(';').map((d) => d.trim()).sort();
    expect(csp).toEqual([
      "base-uri 'self'",
      "connect-src 'self'",
      "default-src 'self'",
      "font-src 'self' data:",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "object-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
    ]);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-request-id']).toEqual(expect.any(String));
  }
});

test('health answers ok while the database is reachable', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

test('the OpenAPI document lists every route with its answers', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info.version).toBe('1.45.0');
  expect(Object.keys(doc.paths).sort()).toEqual([
    '/api/v1/accessible-institutes',
    '/api/v1/accessible-registries',
    '/api/v1/application-log',
    '/api/v1/application-log/{id}',
    '/api/v1/attendance-periods/{id}/form-types/{typeId}/form-start-data',
    '/api/v1/attendance-periods/{id}/forms',
    '/api/v1/attendance_periods/{id}/forms',
    '/api/v1/attendances',
    '/api/v1/attendances/{id}',
    '/api/v1/attendances/{id}/approvals',
    '/api/v1/attendances/{id}/attendance_periods',
    '/api/v1/attendances/{id}/disqualification',
    '/api/v1/auth/change-password',
    '/api/v1/auth/logout',
    '/api/v1/auth/mfa-recovery',
    '/api/v1/auth/mfa-recovery/regenerate',
    '/api/v1/auth/mfa-tokens',
    '/api/v1/auth/mfa-tokens/disable',
    '/api/v1/auth/mfa-tokens/setup',
    '/api/v1/auth/mfa-tokens/skip-setup',
    '/api/v1/auth/mfa-tokens/verify',
    '/api/v1/auth/refresh',
    '/api/v1/auth/request-password-reset',
    '/api/v1/auth/reset-password',
    '/api/v1/auth/tokens',
    '/api/v1/bio-sample-patients',
    '/api/v1/bio-sample-types',
    '/api/v1/bio-samples',
    '/api/v1/bio-samples/{id}',
    '/api/v1/bio-samples/{id}/attachable-forms',
    '/api/v1/bio-samples/{id}/forms',
    '/api/v1/bio-samples/{id}/history',
    '/api/v1/biobank-acl',
    '/api/v1/biobank-acl/{id}',
    '/api/v1/client-configuration',
    '/api/v1/client-errors',
    '/api/v1/dashboard/registries',
    '/api/v1/data-export',
    '/api/v1/data-export/jobs',
    '/api/v1/data-export/jobs/{id}',
    '/api/v1/data-export/jobs/{id}/file',
    '/api/v1/data-export/options',
    '/api/v1/data-import',
    '/api/v1/data-import/files',
    '/api/v1/data-import/jobs',
    '/api/v1/data-import/jobs/failed',
    '/api/v1/data-import/jobs/{id}',
    '/api/v1/data-import/jobs/{id}/cancel',
    '/api/v1/data-import/jobs/{id}/commit',
    '/api/v1/form-acl/{id}',
    '/api/v1/form-types/attendance-start/{id}',
    '/api/v1/form-types/{id}',
    '/api/v1/form-types/{id}/external-fields',
    '/api/v1/form-types/{id}/form-descriptors',
    '/api/v1/form-types/{id}/import-template',
    '/api/v1/form-types/{id}/redcap-import',
    '/api/v1/form-types/{id}/registry',
    '/api/v1/form-types/{typeId}/form-descriptors/{version}',
    '/api/v1/forms/approvable',
    '/api/v1/forms/approvable-count',
    '/api/v1/forms/correctable',
    '/api/v1/forms/correctable-count',
    '/api/v1/forms/{id}',
    '/api/v1/forms/{id}/approvals',
    '/api/v1/forms/{id}/approve',
    '/api/v1/forms/{id}/attachable-bio-sample-types',
    '/api/v1/forms/{id}/attachable-bio-samples',
    '/api/v1/forms/{id}/attached-bio-samples',
    '/api/v1/forms/{id}/attached-bio-samples/{sampleId}/detach',
    '/api/v1/forms/{id}/correct-draft',
    '/api/v1/forms/{id}/correct-finalized',
    '/api/v1/forms/{id}/field-history/{fieldId}',
    '/api/v1/forms/{id}/fix',
    '/api/v1/forms/{id}/fix-locks/{fieldId}',
    '/api/v1/forms/{id}/form-start-data',
    '/api/v1/forms/{id}/history',
    '/api/v1/forms/{id}/reject',
    '/api/v1/forms/{id}/{fieldId}/files',
    '/api/v1/forms/{id}/{fieldId}/files/{fileId}/{name}',
    '/api/v1/health',
    '/api/v1/impersonation',
    '/api/v1/impersonation/candidates',
    '/api/v1/impersonation/{userId}',
    '/api/v1/institutes',
    '/api/v1/institutes/public',
    '/api/v1/institutes/{id}',
    '/api/v1/institutes/{id}/accessible-physicians/{registryId}',
    '/api/v1/institutes/{id}/bio-sample-boxes',
    '/api/v1/institutes/{id}/bio-sample-boxes/{boxId}',
    '/api/v1/institutes/{id}/bio-samples',
    '/api/v1/institutes/{id}/bio-samples-summary',
    '/api/v1/institutes/{id}/bio-samples/{sampleId}',
    '/api/v1/institutes/{id}/form-types/{typeId}/form-start-data',
    '/api/v1/institutes/{id}/forms/{formId}/bio-samples',
    '/api/v1/institutes/{id}/name',
    '/api/v1/institutes/{id}/patients',
    '/api/v1/institutes/{id}/patients/{patientId}',
    '/api/v1/institutes/{id}/permitted-bio-sample-registries',
    '/api/v1/institutes/{id}/physicians',
    '/api/v1/institutes/{id}/usage',
    '/api/v1/mailchimp-list',
    '/api/v1/mailchimp-list/update',
    '/api/v1/patient/{id}',
    '/api/v1/patient/{id}/form-types/{typeId}/external-fields',
    '/api/v1/patients',
    '/api/v1/patients/{id}',
    '/api/v1/patients/{id}/attendance_periods',
    '/api/v1/patients/{id}/bio-samples',
    '/api/v1/profile-settings',
    '/api/v1/registries',
    '/api/v1/registries/public',
    '/api/v1/registries/{id}',
    '/api/v1/registries/{id}/attendance_periods',
    '/api/v1/registries/{id}/bio-sample-types',
    '/api/v1/registries/{id}/form-types',
    '/api/v1/registries/{id}/status-matrix',
    '/api/v1/registry-acl',
    '/api/v1/registry-acl/{id}',
    '/api/v1/statistics/approval-levels',
    '/api/v1/statistics/attendances-per-month',
    '/api/v1/statistics/follow-up',
    '/api/v1/statistics/rejection-count',
    '/api/v1/statistics/user-activity',
    '/api/v1/user-groups',
    '/api/v1/user-groups/{id}',
    '/api/v1/user-registrations/captcha',
    '/api/v1/user-registrations/institutes',
    '/api/v1/user-registrations/resend-confirmation-email',
    '/api/v1/user-registrations/users',
    '/api/v1/user-registrations/users/{id}/email-confirmation-token',
    '/api/v1/users',
    '/api/v1/users/{id}',
    '/api/v1/users/{id}/activation',
    '/api/v1/users/{id}/deactivation',
    '/api/v1/users/{id}/effective-access',
  ]);
  expect(Object.keys(doc.paths['/api/v1/client-errors'].post.responses).sort()).toEqual(['201', '400', '413', '415', '500']);
  expect(doc.paths['/api/v1/institutes/public'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
    'filter',
    'limit',
    'offset',
    'sort',
    'statistics',
  ]);
  expect(doc.components.schemas.ApiError.required).toEqual(['message', 'statusCode', 'code']);
});
