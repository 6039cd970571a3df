import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { SelectedFilter, Sorting } from '@optik/shared/widget';
import { trapTab, useDialogFocus } from '../focus-trap';
import { t } from '../messages';
import type { WidgetText } from './provider';

/**
 * A facet as the provider answers it, in Depict's client's shape (issue 18): field, op and a meta
 * with type, group_title, values, names, counts, min, max. A top-level `type` (the shape before) is still read.
 */
export interface WidgetFacet {
  [key: string]: unknown;
  field: string;
  type?: string;
  meta?: { type?: string; group_title?: string; [key: string]: unknown };
}

export interface SortOption extends Sorting {
  title?: string;
}

type FacetView =
  | { kind: 'checkbox'; field: string; title: string; values: { value: string; count: number }[] }
  | { kind: 'boolean'; field: string; title: string; values: { value: boolean; count: number }[] }
  | { kind: 'range'; field: string; title: string; min: number | undefined; max: number | undefined };

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Reads a facet defensively: anything the panel cannot show is left out rather than breaking it. */
export function toFacetView(f: WidgetFacet): FacetView | null {
  const meta = f.meta ?? {};
  const title = meta.group_title?.trim() || f.field;
  const values = Array.isArray(meta.values) ? meta.values : [];
  const counts = Array.isArray(meta.counts) ? meta.counts : [];
  const countAt = (i: number) => num(counts[i]) ?? 0;
  const type = typeof meta.type === 'string' ? meta.type : f.type;
  if (type === 'range') return { kind: 'range', field: f.field, title, min: num(meta.min), max: num(meta.max) };
  // Yes/no: a radio of 'true'/'false' (Depict's shape), or booleans (before).
  const yesNo = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined);
  if (type === 'checkbox-boolean' || (type === 'radio' && values.length > 0 && values.every((v) => yesNo(v) !== undefined))) {
    const list = values.flatMap((v, i) => {
      const value = yesNo(v);
      return value === undefined ? [] : [{ value, count: countAt(i) }];
    });
    // "Ja" before "Nej".
    list.sort((a, b) => Number(b.value) - Number(a.value));
    return list.length ? { kind: 'boolean', field: f.field, title, values: list } : null;
  }
  if (type === 'checkbox' || type === undefined) {
    const list = values.flatMap((v, i) => (typeof v === 'string' ? [{ value: v, count: countAt(i) }] : []));
    return list.length ? { kind: 'checkbox', field: f.field, title, values: list } : null;
  }
  return null;
}

const withoutField = (filters: readonly SelectedFilter[], field: string) => filters.filter((f) => f.field !== field);

/** Values chosen for a checkbox facet ('in' with a list, or a single 'eq'). */
export function chosenValues(filters: readonly SelectedFilter[], field: string): string[] {
  const out: string[] = [];
  for (const f of filters) {
    if (f.field !== field) continue;
    if (f.op === 'in' && Array.isArray(f.data)) out.push(...f.data.filter((v): v is string => typeof v === 'string'));
    if (f.op === 'eq' && typeof f.data === 'string') out.push(f.data);
  }
  return out;
}

export function toggleValue(filters: readonly SelectedFilter[], field: string, value: string): SelectedFilter[] {
  const current = chosenValues(filters, field);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const rest = withoutField(filters, field);
  return next.length ? [...rest, { field, op: 'in', data: next }] : rest;
}

/** A yes/no facet: one answer chosen is an 'eq' filter; both or none is no filter. */
export function toggleBoolean(filters: readonly SelectedFilter[], field: string, value: boolean): SelectedFilter[] {
  const chosen = new Set(filters.filter((f) => f.field === field && f.op === 'eq' && typeof f.data === 'boolean').map((f) => f.data as boolean));
  if (chosen.has(value)) chosen.delete(value);
  else chosen.add(value);
  const rest = withoutField(filters, field);
  const [only] = [...chosen];
  return chosen.size === 1 && only !== undefined ? [...rest, { field, op: 'eq', data: only }] : rest;
}

export function rangeOf(filters: readonly SelectedFilter[], field: string): { from?: number; to?: number } {
  const out: { from?: number; to?: number } = {};
  for (const f of filters) {
    if (f.field !== field) continue;
    if (f.op === 'inrange' && Array.isArray(f.data)) {
      const [a, b] = f.data as unknown[];
      if (num(a) !== undefined) out.from = num(a);
      if (num(b) !== undefined) out.to = num(b);
    } else if (f.op === 'geq' && num(f.data) !== undefined) out.from = num(f.data);
    else if (f.op === 'leq' && num(f.data) !== undefined) out.to = num(f.data);
  }
  return out;
}

export function setRange(filters: readonly SelectedFilter[], field: string, from: number | undefined, to: number | undefined): SelectedFilter[] {
  const rest = withoutField(filters, field);
  if (from !== undefined && to !== undefined) return [...rest, { field, op: 'inrange', data: [Math.min(from, to), Math.max(from, to)] }];
  if (from !== undefined) return [...rest, { field, op: 'geq', data: from }];
  if (to !== undefined) return [...rest, { field, op: 'leq', data: to }];
  return rest;
}

/** How many values show before "show all" (the rest stay reachable, and chosen ones always show). */
const COLLAPSED_VALUES = 6;

interface FiltersPanelProps {
  id: string;
  facets: readonly WidgetFacet[];
  filters: readonly SelectedFilter[];
  onChange: (filters: SelectedFilter[]) => void;
  expanded: readonly { section: string; expanded: boolean }[];
  onExpand: (section: string, expanded: boolean) => void;
  text: WidgetText;
}

export function FiltersPanel({ id, facets, filters, onChange, expanded, onExpand, text }: FiltersPanelProps) {
  const views = facets.map(toFacetView).filter((v): v is FacetView => v !== null);
  return (
    <section id={id} className="filters-panel" aria-label={text('filters')}>
      {views.map((v) => {
        if (v.kind === 'range') return <RangeFacet key={`${v.field}:${JSON.stringify(rangeOf(filters, v.field))}`} view={v} filters={filters} onChange={onChange} />;
        if (v.kind === 'boolean') {
          const chosen = filters.filter((f) => f.field === v.field && f.op === 'eq').map((f) => f.data);
          return (
            <fieldset key={v.field} className="facet">
              <legend>{v.title}</legend>
              {v.values.map(({ value, count }) => (
                <label key={String(value)} className="choice">
                  <input type="checkbox" checked={chosen.includes(value)} onChange={() => onChange(toggleBoolean(filters, v.field, value))} />
                  {value ? t.widget.yes : t.widget.no} <span className="facet-count">({count})</span>
                </label>
              ))}
            </fieldset>
          );
        }
        const chosen = chosenValues(filters, v.field);
        const isExpanded = expanded.some((e) => e.section === v.field && e.expanded);
        const shown = isExpanded ? v.values : v.values.filter((x, i) => i < COLLAPSED_VALUES || chosen.includes(x.value));
        return (
          <fieldset key={v.field} className="facet">
            <legend>{v.title}</legend>
            {shown.map(({ value, count }) => (
              <label key={value} className="choice">
                <input type="checkbox" checked={chosen.includes(value)} onChange={() => onChange(toggleValue(filters, v.field, value))} />
                {value} <span className="facet-count">({count})</span>
              </label>
            ))}
            {v.values.length > COLLAPSED_VALUES ? (
              <button type="button" className="link-button" aria-expanded={isExpanded} onClick={() => onExpand(v.field, !isExpanded)}>
                {isExpanded ? t.widget.showFewerValues(v.title) : t.widget.showAllValues(v.title, v.values.length)}
              </button>
            ) : null}
          </fieldset>
        );
      })}
    </section>
  );
}

interface FiltersSheetProps extends FiltersPanelProps {
  /** How many products the current choices give (null while they load): the sheet's "show" button says it. */
  hits: number | null;
  onClose: () => void;
  /** Focus goes back here when the sheet closes (the "Filtre" button). */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * Issue 16 item 6: on a phone the filters open as a sheet over the page, not below the quick
 * links where nothing visible happens. A modal dialog: focus moves in and stays in (Tab wraps),
 * Escape, the close button, the backdrop and "show products" close it, and focus goes back to
 * the button that opened it. Each choice still filters at once (a new URL entry); the sheet
 * stays open meanwhile and its button tells the new count.
 */
export function FiltersSheet({ hits, onClose, returnFocusRef, ...panel }: FiltersSheetProps) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useDialogFocus(closeRef, returnFocusRef);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    trapTab(e, dialogRef.current);
  };
  return (
    <div
      className="filters-sheet-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className="filters-sheet" role="dialog" aria-modal="true" aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <div className="filters-sheet-head">
          <h2 id={headingId}>{panel.text('filters')}</h2>
          <button ref={closeRef} type="button" className="secondary" onClick={onClose}>
            {t.widget.closeFilters}
          </button>
        </div>
        <div className="filters-sheet-body">
          <FiltersPanel {...panel} />
        </div>
        <div className="filters-sheet-foot">
          <button type="button" onClick={onClose}>
            {t.widget.showProducts(hits)}
          </button>
        </div>
      </div>
    </div>
  );
}

function RangeFacet({ view, filters, onChange }: { view: Extract<FacetView, { kind: 'range' }>; filters: readonly SelectedFilter[]; onChange: (f: SelectedFilter[]) => void }) {
  const ids = useId();
  const chosen = rangeOf(filters, view.field);
  // Local text while typing; the URL changes only on "apply". A new URL value resets the fields (key below).
  const [from, setFrom] = useState(chosen.from === undefined ? '' : String(chosen.from));
  const [to, setTo] = useState(chosen.to === undefined ? '' : String(chosen.to));
  const parse = (s: string) => {
    const n = Number(s.replace(',', '.'));
    return s.trim() && Number.isFinite(n) ? n : undefined;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(setRange(filters, view.field, parse(from), parse(to)));
  };
  return (
    <fieldset className="facet">
      <legend>{view.title}</legend>
      <form className="range-form" onSubmit={submit}>
        <label htmlFor={`${ids}-from`}>{t.widget.priceFrom}</label>
        <input id={`${ids}-from`} type="number" inputMode="decimal" min={view.min} max={view.max} placeholder={view.min === undefined ? undefined : String(view.min)} value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor={`${ids}-to`}>{t.widget.priceTo}</label>
        <input id={`${ids}-to`} type="number" inputMode="decimal" min={view.min} max={view.max} placeholder={view.max === undefined ? undefined : String(view.max)} value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit">{t.widget.applyPrice}</button>
      </form>
    </fieldset>
  );
}

interface SortingPanelProps {
  id: string;
  sorts: readonly SortOption[];
  sorting: Sorting | undefined;
  onChange: (sorting: Sorting | undefined) => void;
}

export function SortingPanel({ id, sorts, sorting, onChange }: SortingPanelProps) {
  const name = useId();
  const current = sorting ? `${sorting.field}:${sorting.order}` : '';
  return (
    <fieldset id={id} className="sorting-panel">
      <legend>{t.widget.sortBy}</legend>
      <label className="choice">
        <input type="radio" name={name} checked={current === ''} onChange={() => onChange(undefined)} />
        {t.widget.defaultSort}
      </label>
      {sorts.map((s) => {
        const value = `${s.field}:${s.order}`;
        return (
          <label key={value} className="choice">
            <input type="radio" name={name} checked={current === value} onChange={() => onChange({ field: s.field, order: s.order })} />
            {s.title ?? s.field}
          </label>
        );
      })}
    </fieldset>
  );
}
