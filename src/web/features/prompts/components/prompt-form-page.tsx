import { ComingSoon } from '../../../components/ui/coming-soon';

export function PromptFormPage() {
  return <ComingSoon title="Create Prompt" description="Share a prompt with your organization." />;
}
