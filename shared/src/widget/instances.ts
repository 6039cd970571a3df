/* Widget page instances (SPEC §5); apart from the URL codec, which pages load only when they need it. */

export type WidgetInstanceKind = 'search' | 'category';

/**
 * SPEC §5: only one search and one category instance per instance key. Pure: returns the new
 * set of claimed ids, or the error to report for a second instance.
 */
export function claimInstanceKey(
  claimed: ReadonlySet<string>,
  kind: WidgetInstanceKind,
  key: string,
): { ok: true; claimed: Set<string> } | { ok: false; error: string } {
  const id = `${kind}:${key}`;
  if (claimed.has(id)) {
    return { ok: false, error: `Only one ${kind} instance per instance key is allowed; key "${key}" is already in use` };
  }
  return { ok: true, claimed: new Set([...claimed, id]) };
}
