import type { FormLogic } from '@formsmith/core/logic/definition';
import { FormField as Labelled } from '../../../../components/ui/form-field.tsx';
import { CheckboxField, Input, Select } from '../../../../components/ui/input.tsx';

type Props = { logic: FormLogic; onChange: (logic: FormLogic, key?: string) => void };

/** Quiz mode and its pass mark; points and correct answers are set on each choice's options. */
export function QuizSettings({ logic, onChange }: Props) {
  const { quiz } = logic;
  return (
    <div className="space-y-3">
      <CheckboxField
        label="Quiz: score answers (points and correct answers are set on each choice's options)"
        checked={quiz.enabled}
        onChange={(e) => onChange({ ...logic, quiz: { ...quiz, enabled: e.target.checked } })}
      />
      {quiz.enabled && (
        <Labelled label="Pass mark (points)" hint="Leave empty for a quiz without a pass mark">
          <Input
            type="number"
            value={quiz.passMark ?? ''}
            onChange={(e) => {
              const mark = e.target.value === '' ? null : Number(e.target.value);
              onChange(
                {
                  ...logic,
                  quiz: { ...quiz, passMark: mark !== null && Number.isFinite(mark) ? mark : null },
                },
                'passMark',
              );
            }}
          />
        </Labelled>
      )}
    </div>
  );
}

/** What the server does with answers to questions the respondent's path skipped. */
export function OffPathSetting({ logic, onChange }: Props) {
  return (
    <Labelled
      label="Answers to skipped questions"
      hint="Questions logic hid or jumped over cannot be answered; a submission may still send them"
    >
      <Select
        value={logic.unreachableAnswers}
        onChange={(e) =>
          onChange({ ...logic, unreachableAnswers: e.target.value as FormLogic['unreachableAnswers'] })
        }
      >
        <option value="drop">Drop them and store the rest</option>
        <option value="reject">Refuse the submission</option>
      </Select>
    </Labelled>
  );
}
