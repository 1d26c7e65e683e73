import { ComingSoon } from '../../../components/ui/coming-soon';

export function UserManagementPage() {
  return <ComingSoon title="User Management" description="Manage user accounts and roles." />;
}
