import { ComingSoon } from '../../../components/ui/coming-soon';

export function FormFieldManagementPage() {
  return <ComingSoon title="Form Field Management" description="Manage form fields for the application" />;
}
