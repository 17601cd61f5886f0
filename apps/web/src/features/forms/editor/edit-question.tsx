import type { EditQuestion } from '@formsmith/core/forms/api';
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  question: EditQuestion;
  /** Asks again with one candidate's label in place of the unclear words. */
  onPick: (label: string) => void;
  /** Puts an example in the instruction box. */
  onExample: (example: string) => void;
};

/**
 * What the built-in interpreter asks when it is not sure: its message, the questions the words
 * could name (each a button that asks again with that one), and examples that work on this form.
 */
export function EditQuestionView({ question, onPick, onExample }: Props) {
  return (
    <section
      aria-label="The interpreter asks"
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-50"
    >
      <p role="alert" className="break-words">
        {question.message}
      </p>
      {question.candidates.length > 0 && (
        <ul aria-label="Did you mean" className="flex flex-wrap gap-2">
          {question.candidates.map((c) => (
            <li key={c.id}>
              <Button variant="secondary" size="sm" onClick={() => onPick(c.label)}>
                {c.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {question.candidates.length === 0 && question.examples.length > 0 && (
        <ul aria-label="Examples for this form" className="flex flex-wrap gap-2">
          {question.examples.map((example) => (
            <li key={example}>
              <Button
                variant="ghost"
                size="sm"
                className="h-auto py-1 text-left"
                onClick={() => onExample(example)}
              >
                {example}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
