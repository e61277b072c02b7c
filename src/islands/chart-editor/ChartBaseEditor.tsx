import { useRef } from 'react';
import { useKeepEarlyInput } from '../early-input';
import TextEditor, { type ReportText } from '../markdown/TextEditor';
import ChartForm from './ChartForm';
import ChartPreview from './ChartPreview';
import type { PickerSurvey } from './QuestionPicker';
import { initDraft, type ChartDraft, type ChartOptionRow } from './editor.store';

interface Props {
  reportId: number;
  lang: string;
  minN: number;
  chart: ChartDraft;
  optionRows?: ChartOptionRow[];
  texts?: ReportText[];
  surveys?: PickerSurvey[];
}

/**
 * Tab 'Algemeen' of the chart editor, and the new-chart page (chart.id null): the settings form
 * beside the live preview; for a saved chart also the texts above and below it.
 */
export default function ChartBaseEditor({ reportId, lang, minN, chart, optionRows = [], texts = [], surveys = [] }: Props) {
  // Once per mounted editor (per request on the server), before the form and preview read the store.
  const inited = useRef(false);
  if (!inited.current) {
    initDraft(chart);
    inited.current = true;
  }
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const text = (position: 'before' | 'after') => texts.find((x) => x.position === position) ?? null;
  return (
    <div ref={keepInput} className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <ChartForm reportId={reportId} lang={lang} optionRows={optionRows} surveys={surveys} />
        {chart.id !== null && (
          <div className="flex flex-col gap-4 border-t pt-4">
            <TextEditor chartId={chart.id} position="before" initial={text('before')} />
            <TextEditor chartId={chart.id} position="after" initial={text('after')} />
          </div>
        )}
      </div>
      <div className="lg:sticky lg:top-4 lg:self-start">
        <ChartPreview reportId={reportId} lang={lang} minN={minN} />
      </div>
    </div>
  );
}
