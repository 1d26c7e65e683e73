import { useChangeStatus } from '../features/prompts/status/status-queries';
import { ReviewPage } from '../features/review/components/review-page';

// Where the review queue meets the prompts feature: its buttons change a prompt's status through the
// prompts feature's own call, which refreshes every prompt view (the queue among them).

/** /review, loaded on demand like the other secondary pages. */
export function ReviewRoute() {
  return <ReviewPage useChangeStatus={useChangeStatus} />;
}
