import {
  ADDRESS_AUTOCOMPLETE,
  ADDRESS_PART_MAX_LENGTH,
  ADDRESS_PARTS,
  type AddressPart,
  addressPartName,
  addressWords,
  requiredAddressParts,
  shownAddressParts,
} from '@formsmith/core/fields/address';
import { isRecord } from '@formsmith/core/fields/read';
import type { FieldOf } from '@formsmith/core/forms/field';
import { useMemo } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import { countryNames } from './country-names.ts';
import type { ControlAttributes, FieldValue } from './values.ts';

type AddressControlProps = {
  field: FieldOf<'address'>;
  value: FieldValue;
  common: ControlAttributes;
  onChange: (value: FieldValue) => void;
  /** The country picked (ISO code), '' for none; kept apart from the parts typed. */
  country: string;
  onCountry: (country: string) => void;
};

/** The parts that take a whole row; the city, region and postal code share rows on wide screens. */
const WIDE: readonly AddressPart[] = ['line1', 'line2', 'country'];

/**
 * A postal address: one labelled input per part the owner shows, each posted under a name of its
 * own (so the page without JavaScript reads them the same way) and named for the browser's
 * autofill. The region's and postal code's words follow the country picked (State, ZIP code…).
 */
export function AddressControl(props: AddressControlProps) {
  const { t, locale } = useChrome();
  const { field, common } = props;
  const countries = useMemo(() => countryNames(locale), [locale]);
  const words = addressWords(props.country || undefined);
  const required = requiredAddressParts(field);
  // The parts as typed (spaces and all, while typing); a value of another shape is none.
  const typed: Record<string, string> = {};
  for (const part of ADDRESS_PARTS) {
    const text = isRecord(props.value) ? (props.value as Record<string, unknown>)[part] : undefined;
    if (typeof text === 'string') typed[part] = text;
  }
  const labels: Record<AddressPart, string> = {
    line1: t('field.addressLine1'),
    line2: t('field.addressLine2'),
    city: t('field.addressCity'),
    region: t(words.region),
    postalCode: t(words.postalCode),
    country: t('field.addressCountry'),
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2" aria-describedby={common['aria-describedby']}>
      {shownAddressParts(field).map((part, i) => {
        const inputId = `${common.id}-${i}`;
        const attributes = {
          id: inputId,
          name: addressPartName(field.id, part),
          disabled: common.disabled,
          autoComplete: ADDRESS_AUTOCOMPLETE[part],
          'aria-invalid': common['aria-invalid'],
          'aria-describedby': common['aria-describedby'],
          'aria-required': (field.validation.required && required.includes(part)) || undefined,
        };
        const text = typed[part];
        return (
          <div key={part} className={`min-w-0 space-y-1 ${WIDE.includes(part) ? 'sm:col-span-2' : ''}`}>
            <label htmlFor={inputId} className="block text-sm text-slate-700 dark:text-slate-300">
              {labels[part]}
            </label>
            {part === 'country' ? (
              <select
                {...attributes}
                className={`${controlClasses} h-10 w-full`}
                value={props.country}
                onChange={(e) => props.onCountry(e.target.value)}
              >
                <option value="">{t('field.addressNoCountry')}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...attributes}
                type="text"
                className={`${controlClasses} h-10 w-full`}
                maxLength={ADDRESS_PART_MAX_LENGTH[part]}
                value={text ?? ''}
                onChange={(e) => props.onChange({ ...typed, [part]: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
