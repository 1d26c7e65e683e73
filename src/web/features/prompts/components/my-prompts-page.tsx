import { ComingSoon } from '../../../components/ui/coming-soon';

export function MyPromptsPage() {
  return <ComingSoon title="My Prompts" description="The prompts you have created." />;
}
