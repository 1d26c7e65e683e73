import { ComingSoon } from '../../../components/ui/coming-soon';

export function ExportDataPage() {
  return <ComingSoon title="Export Data" description="Download your organization's data." />;
}
