/**
 * Spec §4: the settings form is dirty when any field differs from the value it
 * was loaded with. Values are what the form holds: strings, null, and small
 * plain objects (the phone input's { country, callingCode, national }).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The fields whose current value differs from the loaded one. */
export function changedFields<T extends object>(loaded: T, current: T): (keyof T & string)[] {
  const keys = new Set([...Object.keys(loaded), ...Object.keys(current)]) as Set<keyof T & string>;
  return [...keys].filter((key) => !sameValue(loaded[key], current[key]));
}

export function isDirty<T extends object>(loaded: T | undefined, current: T): boolean {
  return loaded !== undefined && changedFields(loaded, current).length > 0;
}
