import type { ThemeFields } from '../../../shared/theme';
import type { ThemeFieldsInput } from '../../../shared/validation/themes';

/** Merges changed fields into a theme's fields: a value sets the field, null removes it (inherited). */
export function mergeThemeFields(current: ThemeFields, changes: ThemeFieldsInput | undefined): ThemeFields {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes ?? {})) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next as ThemeFields;
}
