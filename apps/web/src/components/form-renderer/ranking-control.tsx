import { placesOf, RANK_TIE, rankingSize, rankPlaceName } from '@formsmith/core/fields/ranking';
import type { FieldOf, FieldOption } from '@formsmith/core/forms/field';
import { useEffect, useRef, useState } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import { type ControlAttributes, type FieldValue, textList } from './values.ts';

type RankingControlProps = {
  field: FieldOf<'ranking'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
};

/** The options in the order shown: those ranked, in their places, then the rest as the owner listed them. */
function shownOrder(options: FieldOption[], value: FieldValue): FieldOption[] {
  const order = Array.isArray(value) ? value.filter((v) => v !== RANK_TIE) : [];
  const ranked = order.flatMap((v) => options.find((o) => o.value === v) ?? []);
  return [...ranked, ...options.filter((o) => !ranked.includes(o))];
}

const BUTTON =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200';

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4 fill-none stroke-current" strokeWidth="2">
      <path
        d={up ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The options put in order: dragged, or moved with each option's up and down buttons, each move
 * announced ('Pear: place 2 of 4'). The order shown is not an answer until the respondent moves
 * an option or keeps it as it is, so nobody's ranking is invented. Without JavaScript each option
 * has a select of places instead (`<field>[<option>]`), read back as the same order.
 */
export function RankingControl(props: RankingControlProps) {
  const { field, id } = props;
  const { t } = useChrome();
  const size = rankingSize(field);
  const order = shownOrder(field.options, props.value);
  const touched = Array.isArray(props.value) && props.value.length > 0;
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterMove.current;
    focusAfterMove.current = null;
    if (!target) return;
    // The same button of the option moved; at the top or the bottom, where it is disabled, the other.
    const find = (buttonId: string) => document.getElementById(buttonId) as HTMLButtonElement | null;
    const button = find(target);
    const other = find(
      target.endsWith('-up') ? target.replace(/-up$/, '-down') : target.replace(/-down$/, '-up'),
    );
    (button && !button.disabled ? button : other)?.focus();
  });

  const commit = (next: FieldOption[], moved?: FieldOption) => {
    props.onChange(next.slice(0, size).map((o) => o.value));
    if (moved) {
      const at = next.indexOf(moved) + 1;
      setAnnouncement(
        at <= size
          ? t('field.rankMoved', { label: moved.label, at, total: size })
          : `${moved.label}: ${t('field.notRanked')}`,
      );
    }
  };
  const move = (from: number, to: number, button?: string) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    if (button) focusAfterMove.current = button;
    commit(next, item);
  };
  const placeNumbers = Array.from({ length: size }, (_, p) => p + 1);
  const places = placesOf(textList(props.value));

  return (
    // `<id>-0` is where links to the field (the error summary) lead.
    <div
      id={`${id}-0`}
      tabIndex={-1}
      aria-describedby={props.describedBy}
      className="space-y-2 focus:outline-none"
    >
      {size < field.options.length && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('field.rankTop', { n: size })}</p>
      )}
      <div className="space-y-2 noscript:hidden">
        <ol className="space-y-2" aria-label={field.label}>
          {order.map((option, i) => {
            const inTop = i < size;
            return (
              <li
                key={option.id}
                draggable={!props.common.disabled}
                onDragStart={(e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged !== null) move(dragged, i);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                className={`flex min-h-11 items-center gap-2 rounded-lg border px-2 py-1.5 text-sm select-none ${
                  inTop && touched
                    ? 'border-brand-600 bg-brand-50 text-slate-900 dark:border-brand-400 dark:bg-brand-950 dark:text-slate-100'
                    : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'
                } ${dragged === i ? 'opacity-60' : ''} ${i === size && size < order.length ? 'mt-4' : ''}`}
              >
                <span aria-hidden="true" className="cursor-grab px-1 text-slate-500 dark:text-slate-400">
                  ⋮⋮
                </span>
                <span className="w-6 shrink-0 text-end font-semibold tabular-nums text-slate-700 dark:text-slate-300">
                  {inTop ? `${i + 1}.` : ''}
                </span>
                <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{option.label}</span>
                <button
                  id={`${id}-${option.id}-up`}
                  type="button"
                  className={BUTTON}
                  disabled={props.common.disabled || i === 0}
                  aria-label={t('field.moveUp', { label: option.label })}
                  onClick={() => move(i, i - 1, `${id}-${option.id}-up`)}
                >
                  <Arrow up />
                </button>
                <button
                  id={`${id}-${option.id}-down`}
                  type="button"
                  className={BUTTON}
                  disabled={props.common.disabled || i === order.length - 1}
                  aria-label={t('field.moveDown', { label: option.label })}
                  onClick={() => move(i, i + 1, `${id}-${option.id}-down`)}
                >
                  <Arrow up={false} />
                </button>
              </li>
            );
          })}
        </ol>
        {!touched && (
          <button
            type="button"
            disabled={props.common.disabled}
            onClick={() => {
              commit(order);
              setAnnouncement(t('field.rankConfirm'));
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          >
            {t('field.rankConfirm')}
          </button>
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
      <div className="hidden space-y-2 noscript:block">
        {field.options.map((option, i) => {
          const selectId = `${id}-place-${i}`;
          return (
            <div key={option.id} className="flex items-center gap-3">
              <select
                id={selectId}
                name={rankPlaceName(field.id, option.value)}
                disabled={props.common.disabled}
                aria-label={t('field.rankPlace', { label: option.label })}
                className={`${controlClasses} h-10 w-28 shrink-0`}
                value={String(places.get(option.value) ?? '')}
                onChange={() => undefined}
              >
                <option value="">{t('field.notRanked')}</option>
                {placeNumbers.map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
              <span className="text-sm text-slate-800 [overflow-wrap:anywhere] dark:text-slate-100">
                {option.label}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
