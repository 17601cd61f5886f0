import { addressCountry, isAddressAnswer } from './address.ts';
import { answerStrings, isEmptyAnswer, numericAnswer } from './answers.ts';

/**
 * An answer as conditions read it, each form made once, on first use: its strings, its strings
 * lowercased ('contains'), each string as a number ('equals' 5 and '5'), its first item as a
 * number and as text (the comparisons), and whether it is empty.
 */
export type ReadAnswer = {
  readonly value: unknown;
  empty(): boolean;
  strings(): readonly string[];
  lowered(): readonly string[];
  numbers(): readonly (number | undefined)[];
  firstNumber(): number | undefined;
  firstText(): string | undefined;
};

function readAnswer(value: unknown): ReadAnswer {
  let empty: boolean | undefined;
  let strings: readonly string[] | undefined;
  let lowered: readonly string[] | undefined;
  let numbers: readonly (number | undefined)[] | undefined;
  let first: { number: number | undefined; text: string | undefined } | undefined;
  const firstOf = () => {
    if (!first) {
      const item = Array.isArray(value) ? value[0] : value;
      first = { number: numericAnswer(item), text: answerStrings(item)[0] };
    }
    return first;
  };
  const read: ReadAnswer = {
    value,
    empty: () => {
      empty ??= isEmptyAnswer(value);
      return empty;
    },
    strings: () => {
      // An address is compared by its country (logic's 'country is GB').
      strings ??= isAddressAnswer(value)
        ? [addressCountry(value) ?? ''].filter(Boolean)
        : answerStrings(value);
      return strings;
    },
    lowered: () => {
      lowered ??= read.strings().map((s) => s.toLowerCase());
      return lowered;
    },
    numbers: () => {
      numbers ??= read.strings().map((s) => numericAnswer(s));
      return numbers;
    },
    firstNumber: () => firstOf().number,
    firstText: () => firstOf().text,
  };
  return read;
}

/**
 * The answers of one evaluation (a run of the form's logic, a visibility pass), each read once
 * however many conditions look at it: lowercasing or parsing a long answer once per condition,
 * and per field each rule acts on, is what made a form's logic able to stall the server.
 * Keyed by the answer itself (a string by its text, a list by identity).
 */
export class AnswerReads {
  private readonly reads = new Map<unknown, ReadAnswer>();

  read(value: unknown): ReadAnswer {
    let read = this.reads.get(value);
    if (!read) {
      read = readAnswer(value);
      this.reads.set(value, read);
    }
    return read;
  }
}
