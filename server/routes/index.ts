// Every /api/v1 route module, registered under one prefix.
import type { FastifyInstance } from 'fastify';
import { accessListRoutes } from './accessLists';
import { applicationLogRoutes } from './applicationLog';
import { accessListWriteRoutes } from './accessListWrites';
import { attendanceRoutes } from './attendances';
import { authMfaRoutes } from './authMfa';
import { authPasswordRoutes } from './authPasswords';
import { authTokenRoutes } from './authTokens';
import { clientConfigurationRoutes } from './clientConfiguration';
import { clientErrorRoutes } from './clientErrors';
import { dataExportRoutes } from './dataExport';
import type { RouteDeps } from './deps';
import { effectiveAccessRoutes } from './effectiveAccess';
import { fixLockRoutes } from './fixLockRoutes';
import { formFileRoutes } from './formFiles';
import { formRoutes } from './forms';
import { formStartRoutes } from './formStart';
import { formTypeRoutes } from './formTypes';
import { formTypeVersionRoutes } from './formTypeVersions';
import { healthRoutes } from './health';
import { impersonationRoutes } from './impersonation';
import { instituteRoutes } from './institutes';
import { instituteAdminRoutes } from './institutesAdmin';
import { mailingListRoutes } from './mailingList';
import { patientRoutes } from './patients';
import { profileSettingsRoutes } from './profileSettings';
import { registrationRoutes } from './registration';
import { registryRoutes } from './registries';
import { statusMatrixRoutes } from './statusMatrix';
import { userActivationRoutes } from './userActivation';
import { userGroupRoutes } from './userGroups';
import { userRoutes } from './users';

export async function apiV1Routes(app: FastifyInstance, options: RouteDeps): Promise<void> {
  // Pass on only the dependencies: the options also carry this plugin's prefix, which the
  // children would otherwise add a second time.
  const deps: RouteDeps = { config: options.config, db: options.db, dialect: options.dialect, services: options.services };
  await app.register(healthRoutes, deps);
  await app.register(clientConfigurationRoutes, deps);
  await app.register(clientErrorRoutes, deps);
  await app.register(instituteRoutes, deps);
  await app.register(instituteAdminRoutes, deps);
  await app.register(authTokenRoutes, deps);
  await app.register(authPasswordRoutes, deps);
  await app.register(authMfaRoutes, deps);
  await app.register(profileSettingsRoutes, deps);
  await app.register(registrationRoutes, deps);
  await app.register(userActivationRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(userGroupRoutes, deps);
  await app.register(impersonationRoutes, deps);
  await app.register(registryRoutes, deps);
  await app.register(formTypeRoutes, deps);
  await app.register(formTypeVersionRoutes, deps);
  await app.register(accessListRoutes, deps);
  await app.register(accessListWriteRoutes, deps);
  await app.register(effectiveAccessRoutes, deps);
  await app.register(patientRoutes, deps);
  await app.register(attendanceRoutes, deps);
  await app.register(formRoutes, deps);
  await app.register(formFileRoutes, deps);
  await app.register(fixLockRoutes, deps);
  await app.register(formStartRoutes, deps);
  await app.register(statusMatrixRoutes, deps);
  await app.register(applicationLogRoutes, deps);
  await app.register(mailingListRoutes, deps);
  await app.register(dataExportRoutes, deps);
}
