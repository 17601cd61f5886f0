import type { LogicRule } from '@formsmith/core/logic/definition';
import { Select } from '../../../../components/ui/input.tsx';

/** Whether a rule applies when all of its conditions hold or when any one does. */
export function MatchSelect(props: {
  label: string;
  value: LogicRule['match'];
  onChange: (match: LogicRule['match']) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as LogicRule['match'])}
    >
      <option value="all">all of these hold</option>
      <option value="any">any of these holds</option>
    </Select>
  );
}
