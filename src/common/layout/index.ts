export { AppLayout } from './AppLayout';
export { PublicLayout } from './PublicLayout';
export { RequireAuth } from './RequireAuth';
