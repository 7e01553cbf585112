// Who is making a request: set on `request.user` by the auth guard, null for anonymous calls.
import type { Role } from './roles';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  institute: { id: string; name: string; nameHu: string | null; nameEn: string | null; shortName: string } | null;
}
