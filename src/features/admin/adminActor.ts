// The signed-in user as the domain's administration rules see them (src/domain/permissions/
// administration.ts): the screens show only what these rules allow; the server checks again.
import { createSelector } from '@reduxjs/toolkit';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import type { AdminActor } from '../../domain/permissions/administration';

export const selectAdminActor = createSelector([selectCurrentUser], (user): AdminActor | null =>
  user ? { id: user.id, roles: user.roles, instituteId: user.institute?.id ?? null } : null,
);
