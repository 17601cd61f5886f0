import { AlertTriangle } from 'lucide-react';

/** Logic problems beside the part they concern. */
export function ProblemList({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="space-y-1" data-testid="logic-problems">
      {messages.map((message) => (
        <li key={message} className="flex gap-1.5 text-sm text-red-700 dark:text-red-400">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  );
}
