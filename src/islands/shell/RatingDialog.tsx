import { ratingTexts } from '../../shared/i18n/shell';
import { Dialog } from './Dialog';
import { RatingForm } from './RatingForm';

/** Shown when bootstrap's request_feedback is true and nothing is loading (spec 000 §2.12). */
export default function RatingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={ratingTexts.title} onClose={onClose} hideClose className="w-[min(520px,95vw)]">
      <RatingForm modal onDone={onClose} />
    </Dialog>
  );
}
