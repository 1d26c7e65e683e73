import { Construction } from 'lucide-react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A page whose screen is not built yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={Construction} title="Coming soon" description="This screen is being built." />
    </>
  );
}
