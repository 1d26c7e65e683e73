import { ComingSoon } from '../../../components/ui/coming-soon';

export function PromptPage() {
  return <ComingSoon title="Prompt" description="A shared prompt." />;
}
