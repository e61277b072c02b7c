import type { Db } from '../../db/client';
import { loadStructure } from '../surveys/load-structure';
import { buildFormModel, type FormModel } from './form-model';

interface ModelSource {
  id: number;
  lsSid: number | null;
  baseLanguage: string;
  languages: string[];
  attributeDescriptions: Record<string, string>;
  /** Any change to the survey row (a re-import, new settings) gives a new model. */
  updatedAt: number;
}

const MAX_MODELS = 24;
// Finished models only: in a Worker a request must not await a promise another request started
// (workerd cancels it as hung), so concurrent first requests each build the model once.
const cache = new Map<string, FormModel>();

/**
 * The survey's form model from this isolate's cache, else built from its structure (two queries)
 * and kept: every page of every respondent of a survey shares one model, so a page costs no
 * structure reads.
 */
export async function loadFormModel(db: Db, survey: ModelSource): Promise<FormModel> {
  const key = `${survey.id}:${survey.updatedAt}:${survey.languages.join(',')}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const attributeNames = Object.keys(survey.attributeDescriptions).filter((a) => /^attribute_\d+$/.test(a));
  const structure = await loadStructure(db, survey.id);
  const model = buildFormModel(survey.id, structure, { lsSid: survey.lsSid, baseLanguage: survey.baseLanguage, languages: survey.languages, attributeNames });
  cache.set(key, model);
  while (cache.size > MAX_MODELS) cache.delete(cache.keys().next().value!);
  return model;
}
