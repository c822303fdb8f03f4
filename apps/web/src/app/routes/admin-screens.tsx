import { useParams } from 'react-router';
import { AdminPanel } from '../../features/admin/components/admin-panel';
import { AdminUserProfile } from '../../features/admin/components/admin-user-profile';

/** /admin: users, agents and the audit log (admins only: the routing rules send anyone else away). */
export function AdminScreen() {
  return <AdminPanel />;
}

/** /admin/users/{userId}: one account; a new id is a new screen (no state carried over from another). */
export function AdminUserScreen() {
  const { userId = '' } = useParams();
  return <AdminUserProfile key={userId} userId={userId} />;
}
