import { FAQ, FAQ_TOPIC_TITLES, faqTopicsFor } from '../../shared/faq';
import { shellTexts } from '../../shared/i18n/shell';
import { Dialog } from './Dialog';

/** FAQ (spec 000 §2.12): 1000 px from md, full screen on mobile, 90 % high; topics by path. */
export default function FaqDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const topics = faqTopicsFor(path);
  return (
    <Dialog
      title={shellTexts.faq}
      onClose={onClose}
      className="w-screen h-screen max-w-none max-h-none md:w-[1000px] md:max-w-[95vw] md:h-[90vh] md:max-h-[90vh]"
    >
      <div className="flex flex-col gap-6" data-testid="faq-topics">
        {topics.map((topic) => (
          <section key={topic} aria-labelledby={`faq-${topic}`}>
            <h3 id={`faq-${topic}`} className="mb-2 font-semibold text-brand">
              {FAQ_TOPIC_TITLES[topic]}
            </h3>
            <div className="flex flex-col divide-y divide-gray-200 rounded border border-gray-200">
              {FAQ[topic].map((entry) => (
                <details key={entry.q} className="group px-4 py-2">
                  <summary className="cursor-pointer font-medium">{entry.q}</summary>
                  <p className="mt-2 text-sm text-gray-700">{entry.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
