import type { ReactNode } from 'react';
import { Card, CardBody } from './ui/card.tsx';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
};

/** The centered card every auth screen sits in. */
export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  return (
    <div className="flex min-h-[calc(100vh-10rem)] items-center justify-center bg-slate-50 px-4 py-10 dark:bg-slate-950">
      <Card className="w-full max-w-md">
        <CardBody className="space-y-6 px-6 py-8 sm:px-8">
          <div className="space-y-2 text-center">
            {icon ? <div className="flex justify-center">{icon}</div> : null}
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            {description ? (
              <div className="text-sm text-slate-600 dark:text-slate-400">{description}</div>
            ) : null}
          </div>
          {children}
          {footer ? (
            <div className="border-t border-slate-200 pt-5 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
              {footer}
            </div>
          ) : null}
        </CardBody>
      </Card>
    </div>
  );
}

/** A round tinted icon badge for the card's header. */
export function AuthIcon({
  tone = 'brand',
  children,
}: {
  tone?: 'brand' | 'success' | 'error';
  children: ReactNode;
}) {
  const tones = {
    brand: 'bg-brand-100 text-brand-700 dark:bg-brand-700/30 dark:text-brand-100',
    success: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
    error: 'bg-red-100 text-red-700 dark:bg-red-900/40 dark:text-red-300',
  } as const;
  return (
    <span
      aria-hidden="true"
      className={`flex h-12 w-12 items-center justify-center rounded-full ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export const linkClasses =
  'font-medium text-brand-600 underline-offset-4 hover:underline focus-visible:underline dark:text-brand-300';
