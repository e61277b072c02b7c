import type { ReportWidget } from '../../shared/report-widgets';

/** One section widget in the staff view, as the public page shows it (components/charts/PublicWidget.astro). */
export function WidgetCard({ widget }: { widget: ReportWidget }) {
  return (
    <aside className="rounded border border-gray-200 bg-white p-3 text-sm" data-widget={widget.key} aria-label={widget.label}>
      <h3 className="mb-1 font-semibold">{widget.label}</h3>
      {widget.lines.map((l, i) => (
        <p key={i} className="m-0">
          {l.href ? (
            <a className="underline" href={l.href}>
              {l.text}
            </a>
          ) : (
            l.text
          )}
        </p>
      ))}
    </aside>
  );
}
