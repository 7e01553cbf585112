// User roles live in the domain core, shared with the client's menus.
export { ROLES, isRole, hasAnyRole, type Role } from '../../src/domain/permissions/roles';
