import { Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** Opens 'Ask AI', which changes the form by instruction. */
export function AskAiButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick} aria-label="Ask AI">
      <Wand2 aria-hidden="true" className="h-4 w-4" />
      <span className="hidden sm:inline">Ask AI</span>
    </Button>
  );
}
