import { ComingSoon } from '../../../components/ui/coming-soon';

export function AllPromptsPage() {
  return <ComingSoon title="All Prompts" description="Browse and search every prompt in your organization." />;
}
