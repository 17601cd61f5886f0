import { typedAnswerMaxLength } from '@formsmith/core/fields/answer-length';
import { CALLING_CODES, phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import type { FieldOf } from '@formsmith/core/forms/field';
import { useMemo } from 'react';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import { countryNames } from './country-names.ts';
import type { ControlAttributes, FieldValue } from './values.ts';

type PhoneControlProps = {
  field: FieldOf<'phone'>;
  value: FieldValue;
  common: ControlAttributes;
  onChange: (value: FieldValue) => void;
  /** The country picked (ISO code), '' for none: the number is then typed with its +code. */
  country: string;
  onCountry: (country: string) => void;
};

/** Every country of the picker with its calling code, named in the page's language. */
function countryChoices(locale: string) {
  return countryNames(locale).map(({ code, name }) => ({ code, label: `${name} (+${CALLING_CODES[code]})` }));
}

/**
 * A phone number: a country picker (its calling code) beside the number typed nationally, or the
 * number typed with its +code when no country is picked. Both post under names of their own, so
 * the page without JavaScript reads them the same way.
 */
export function PhoneControl(props: PhoneControlProps) {
  const { t, locale } = useChrome();
  const { field, common } = props;
  const choices = useMemo(() => countryChoices(locale), [locale]);
  return (
    <div className="flex flex-wrap gap-2">
      <select
        name={phoneCountryKey(field.id)}
        // Named with its question: a form may ask for two numbers, each with its own picker.
        aria-label={`${field.label}: ${t('field.phoneCountry')}`}
        disabled={common.disabled}
        className={`${controlClasses} h-10 w-full sm:w-56`}
        value={props.country}
        onChange={(e) => props.onCountry(e.target.value)}
      >
        <option value="">{t('field.phoneNoCountry')}</option>
        {choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </select>
      <input
        {...common}
        type="tel"
        className={`${controlClasses} h-10 min-w-0 flex-1 basis-48`}
        placeholder={field.placeholder}
        autoComplete={props.country ? 'tel-national' : 'tel'}
        maxLength={typedAnswerMaxLength(field)}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
