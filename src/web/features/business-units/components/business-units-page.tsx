import { ComingSoon } from '../../../components/ui/coming-soon';

export function BusinessUnitsPage() {
  return <ComingSoon title="Business Units" description="Manage business units and departments" />;
}
