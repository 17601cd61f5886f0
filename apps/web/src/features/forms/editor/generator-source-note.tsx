import type { GeneratorSource } from '@formsmith/core/forms/api';
import { Cpu } from 'lucide-react';

type Props = { source: Pick<GeneratorSource, 'generator' | 'model'> | undefined };

/**
 * Which generator answers — the built-in one, offline, or the configured model — and how to
 * connect a model (the same steps as 'An AI model' in docs/self-hosting.md).
 */
export function GeneratorSourceNote({ source }: Props) {
  if (!source) return null;
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
      <p className="flex items-center gap-2">
        <Cpu aria-hidden="true" className="h-4 w-4 shrink-0" />
        {source.generator === 'model' ? (
          <span>
            Answers come from the model <strong className="font-medium">{source.model}</strong>.
          </span>
        ) : (
          <span>Answers come from the built-in generator (offline).</span>
        )}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-blue-700 underline dark:text-blue-300">
          How to connect a model
        </summary>
        <p className="mt-2">
          Set <code>AI_BASE_URL</code> on the server to any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM,
          llama.cpp server), with <code>AI_API_KEY</code> and <code>AI_MODEL</code> if it needs them, and
          restart. The self-hosting guide's section 'An AI model' has the details; if the model fails, the
          built-in generator answers and this dialog says why.
        </p>
      </details>
    </div>
  );
}
