import { useLayoutEffect, useRef } from 'react';

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field the user changed before hydration, with what it held then. */
export interface EarlyInput {
  field: FormField;
  value: string | boolean | string[] | FileList;
}

const NOT_EDITABLE = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

/**
 * Keeps what a user typed, chose or ticked in the server-rendered form before the island's script
 * ran. Hydration leaves the DOM value alone but React's state still holds the initial value, so the
 * first re-render would wipe it. Attach the ref to the island's form (or its outer element).
 */
export function useKeepEarlyInput<T extends HTMLElement>() {
  const root = useRef<T>(null);
  // Read in the hydration's layout phase, before any re-render can reset a field; replay after the
  // commit, outside React's work, so each change renders before the next one (handlers that spread
  // the previous state see the field before).
  useLayoutEffect(() => {
    const early = root.current ? findEarlyInput(root.current) : [];
    if (early.length) queueMicrotask(() => replayEarlyInput(early));
  }, []);
  return root;
}

/** The fields in `root` whose value differs from their server-rendered default. */
export function findEarlyInput(root: HTMLElement): EarlyInput[] {
  const found: EarlyInput[] = [];
  for (const field of Array.from(root.querySelectorAll('input, textarea, select'))) {
    if (field instanceof HTMLSelectElement) {
      if (!field.disabled && selectChanged(field)) found.push({ field, value: Array.from(field.selectedOptions, (o) => o.value) });
    } else if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.disabled || field.readOnly) {
      continue;
    } else if (field.type === 'file') {
      if (field instanceof HTMLInputElement && field.files?.length) found.push({ field, value: field.files });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio group changes two buttons; the newly checked one carries the change.
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)) found.push({ field, value: field.checked });
    } else if (!NOT_EDITABLE.has(field.type) && field.value !== renderedValue(field)) {
      found.push({ field, value: field.value });
    }
  }
  return found;
}

/** Puts each value back and fires the event the browser would have, so the field's onChange runs. */
export function replayEarlyInput(early: EarlyInput[]): void {
  for (const { field, value } of early) {
    // An earlier change can remove a field (a ticked box that swaps part of the form).
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      const chosen = new Set(value as string[]);
      for (const option of Array.from(field.options)) option.selected = chosen.has(option.value);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field.type === 'file') {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (typeof value === 'boolean') {
      setUntracked(field as HTMLInputElement, 'checked', value, !value);
      // React reads a box's change from 'click'; a plain Event (not a MouseEvent) doesn't toggle it again.
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else {
      setUntracked(field as HTMLInputElement | HTMLTextAreaElement, 'value', value as string, (field as HTMLInputElement).defaultValue);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * React fires onChange only when a field's value differs from the one it last saw (its value
 * tracker, which hydration set to the typed value). Assigning through the element records `before`
 * there; assigning through the prototype's setter puts the typed value back without recording it.
 */
function setUntracked<K extends 'value' | 'checked'>(field: HTMLInputElement | HTMLTextAreaElement, key: K, now: unknown, before: unknown): void {
  (field as unknown as Record<K, unknown>)[key] = before;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set?.call(field, now);
}

/**
 * The value the server's HTML gives the field as the browser reads it: an untouched copy, so a
 * colour written '#FF0000' (read '#ff0000') or an out-of-range number doesn't count as typed.
 */
function renderedValue(field: HTMLInputElement | HTMLTextAreaElement): string {
  if (field instanceof HTMLTextAreaElement) return field.defaultValue;
  const probe = document.createElement('input');
  for (const attribute of Array.from(field.attributes)) probe.setAttribute(attribute.name, attribute.value);
  return probe.value;
}

/** A select whose chosen option(s) differ from the ones its HTML marks `selected`. */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  if (select.multiple) return options.some((o) => o.selected !== o.defaultSelected);
  let initial = options.findLastIndex((o) => o.defaultSelected);
  if (initial < 0) initial = options.findIndex((o) => !o.disabled);
  return select.selectedIndex !== initial;
}
