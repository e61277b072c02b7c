import { useCallback, useState } from 'react';
import { api, request } from '../../shared/api-client';
import { projectFiltersNl as t } from '../../shared/i18n/project-filters';
import { moveItem } from '../report-editor/editor.store';
import { SortableList } from '../report-editor/SortableList';
import { useHydrated } from '../use-hydrated';
import { CategoryCard } from './CategoryCard';
import { CreateForms } from './CreateForms';
import type { Category, FilterScreen } from './types';
import { useKeepEarlyInput } from '../early-input';

interface Props {
  projectId: number;
  canEdit: boolean;
  screen: FilterScreen;
  initial: Category[];
}

const LIST = (projectId: number) => `/api/v2/project/${projectId}/filterCategory?include=filterOptions.filterConditions`;

/**
 * Tab 'Filters' of a project (the Filter API of spec 001 §7): per linked survey its categories,
 * options with their conditions and counts, reorderable by pointer and keyboard (@dnd-kit), and —
 * for editors — create, generate, rename, delete. After a change the list is read again, so the
 * counts (from the engine, risky ones withheld) stay true.
 */
export default function FiltersManager({ projectId, canEdit, screen, initial }: Props) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const hydrated = useHydrated();
  const [categories, setCategories] = useState(initial);
  const editable = canEdit && hydrated;

  const refresh = useCallback(async () => {
    const res = await request<{ data: Category[] }>('GET', LIST(projectId));
    setCategories(res.data);
  }, [projectId]);

  /** Moves within one survey's categories; the project's whole order is sent, the other surveys' places kept. */
  async function moveCategory(surveyId: number, from: number, to: number) {
    const before = categories;
    const own = categories.filter((c) => c.survey_id === surveyId);
    const moved = moveItem(own, from, to);
    let k = 0;
    const next = categories.map((c) => (c.survey_id === surveyId ? moved[k++]! : c));
    setCategories(next);
    try {
      await api('PATCH', `/api/v2/project/${projectId}/filterCategory/order`, { body: { order: next.map((c) => c.id) } });
    } catch {
      setCategories(before);
    }
  }

  const replace = (c: Category) => setCategories((list) => list.map((x) => (x.id === c.id ? c : x)));

  if (!screen.surveys.length) return <p className="text-sm text-gray-700">{t.noSurveys}</p>;
  return (
    <div ref={keepInput} className="flex flex-col gap-8">
      {screen.surveys.map((survey) => {
        const own = categories.filter((c) => c.survey_id === survey.id);
        return (
          <section key={survey.id} className="flex flex-col gap-4" aria-labelledby={`survey-${survey.id}`}>
            <h3 id={`survey-${survey.id}`} className="text-base font-semibold">{t.forSurvey(survey.displayTitle)}</h3>
            {own.length === 0 ? (
              <p className="text-sm text-gray-700">{t.empty}</p>
            ) : editable ? (
              <SortableList items={own} prefix={`c${survey.id}`} label={t.categories} onMove={(from, to) => void moveCategory(survey.id, from, to)}>
                {(category, index, handle) => (
                  <CategoryCard category={category} index={index} count={own.length} handle={handle} survey={survey} offeredBy={screen.offeredBy[category.id] ?? []} editable onMove={(from, to) => void moveCategory(survey.id, from, to)} onChange={replace} onRefresh={refresh} />
                )}
              </SortableList>
            ) : (
              <ol aria-label={t.categories} className="flex flex-col gap-3">
                {own.map((category, index) => (
                  <li key={category.id}>
                    <CategoryCard category={category} index={index} count={own.length} survey={survey} offeredBy={screen.offeredBy[category.id] ?? []} editable={false} onMove={() => undefined} onChange={replace} onRefresh={refresh} />
                  </li>
                ))}
              </ol>
            )}
            {canEdit && <CreateForms projectId={projectId} survey={survey} disabled={!hydrated} onCreated={refresh} />}
          </section>
        );
      })}
    </div>
  );
}
