import './zod-nl';
import { z } from 'zod';
import { weightingNl } from '../i18n/weighting';

const t = weightingNl.input;
// A calendar day: the pattern, a valid date (2026-13-01 is none: toISOString would throw) and no roll-over (2026-02-30).
const isoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const date = z.string({ error: t.date }).refine(isoDate, t.date).nullable().optional();
const targets = z.record(z.string().min(1).max(191), z.number({ error: t.target }).finite(t.target).min(0, t.target), { error: t.targets });

export const WeightingVariableInput = z.object({
  column_key: z.string({ error: t.columnKey }).trim().min(1, t.columnKey).max(191, t.columnKey),
  targets: targets.default({}),
});

/** POST survey/{id}/weighting and PUT survey/{id}/weighting/{wid}: a whole scheme. */
export const WeightingSchemeInput = z
  .object({
    name: z.string({ error: t.name }).trim().min(1, t.name).max(191, t.name),
    start_date: date,
    end_date: date,
    method: z.enum(['rake', 'poststratify'], { error: t.method }),
    targets_are: z.enum(['counts', 'shares'], { error: t.targetsAre }),
    variables: z.array(WeightingVariableInput, { error: t.variables }).min(1, t.variables).max(6, t.tooManyVariables),
    cell_targets: targets.nullable().optional(),
    trim: z
      .object({ lower: z.number({ error: t.trim }).gt(0, t.trim).max(1, t.trim), upper: z.number({ error: t.trim }).min(1, t.trim).max(1000, t.trim) }, { error: t.trim })
      .nullable()
      .optional(),
    max_iterations: z.number({ error: t.maxIterations }).int(t.maxIterations).min(1, t.maxIterations).max(10_000, t.maxIterations).default(100),
    tolerance: z.number({ error: t.tolerance }).min(1e-15, t.tolerance).max(0.01, t.tolerance).default(1e-10),
  })
  .superRefine((s, ctx) => {
    if (s.start_date && s.end_date && s.end_date < s.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: t.range });
    const keys = s.variables.map((v) => v.column_key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['variables'], message: t.duplicate });
    if (s.method === 'poststratify' && s.variables.length > 2) ctx.addIssue({ code: 'custom', path: ['variables'], message: t.poststratify });
    const crossed = s.method === 'poststratify' && s.variables.length === 2;
    if (crossed && !Object.keys(s.cell_targets ?? {}).length) ctx.addIssue({ code: 'custom', path: ['cell_targets'], message: t.cellTargets });
    if (!crossed) s.variables.forEach((v, i) => Object.keys(v.targets).length || ctx.addIssue({ code: 'custom', path: ['variables', i, 'targets'], message: t.targets }));
  });
export type WeightingSchemeInput = z.infer<typeof WeightingSchemeInput>;

/** What the API answers for a scheme (GET/POST/PUT survey/{id}/weighting…). */
export interface WeightingSchemeDto {
  id: number;
  survey_id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
  method: 'rake' | 'poststratify';
  targets_are: 'counts' | 'shares';
  /** `name`: as 'Gewogen naar …' names it (a panel field's name, a filter category's title, a readable code or the quoted question); `label`: the panel field's title or the question text. */
  variables: { column_key: string; name: string; label: string; targets: Record<string, number> }[];
  cell_targets: Record<string, number> | null;
  trim: { lower: number; upper: number } | null;
  max_iterations: number;
  tolerance: number;
  /** 'Gewogen naar …' as reports show it. */
  weighted_by: string;
  /** current: computed for the survey's responses now; stale ('verouderd'): responses changed since, a job recomputes it; failed: the last computation failed (error). */
  status: 'current' | 'stale' | 'failed';
  error: string | null;
  result: WeightingResultDto | null;
  updated_at: string;
}

export interface WeightingResultDto {
  responses_version: number;
  n: number;
  sum_of_weights: number;
  effective_n: number;
  design_effect: number;
  efficiency: number;
  min_weight: number;
  max_weight: number;
  iterations: number;
  converged: boolean;
  missing: number;
  max_deviation: number;
  variables: { column_key: string; missing: number; categories: { code: string; label: string; count: number; target: number; achieved: number; unweighted: number }[] }[];
  /** Weights in 20 bins between min_weight and max_weight (the screen's histogram). */
  histogram: number[];
  computed_at: string;
}

/** A question the weighting screen offers as a variable (single choice), with its answer codes. */
export interface WeightingQuestion {
  key: string;
  label: string;
  codes: { code: string; label: string }[];
}

/**
 * Targets pasted or uploaded as CSV: one `code;aantal` (or `code;aandeel`) per line, a header line
 * allowed, decimal comma or point (counts may use a dot or space as thousands separator: 10.725). Returns the targets or the Dutch message of the first bad line.
 */
export function parseTargetsCsv(text: string, kind: 'counts' | 'shares'): { targets: Record<string, number> } | { error: string } {
  const targets: Record<string, number> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  for (const [i, line] of lines.entries()) {
    const [code, raw, ...rest] = line.split(/[;\t]/).map((p) => p.trim().replace(/^"|"$/g, ''));
    const value = numberOf(raw ?? '', kind);
    if (i === 0 && (raw === undefined || Number.isNaN(value)) && /^(code|antwoord)/i.test(code ?? '')) continue;
    if (!code || rest.length || raw === undefined || raw === '' || !Number.isFinite(value) || value < 0) return { error: weightingNl.input.csvLine(i + 1, line) };
    if (code in targets) return { error: weightingNl.input.csvDuplicate(code) };
    targets[code] = value;
  }
  if (!Object.keys(targets).length) return { error: weightingNl.input.csvEmpty };
  return { targets };
}

function numberOf(raw: string, kind: 'counts' | 'shares'): number {
  let s = raw.replace(/\s/g, '');
  // '10.725,5' / '10.725' (counts): dots are thousands; a comma is always the decimal sign.
  if (s.includes(',') || (kind === 'counts' && /^\d{1,3}(\.\d{3})+$/.test(s))) s = s.replace(/\./g, '').replace(',', '.');
  return s === '' ? NaN : Number(s);
}
