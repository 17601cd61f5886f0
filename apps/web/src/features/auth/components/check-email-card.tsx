import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { AuthCard, AuthIcon } from '../../../components/auth-card.tsx';

/** The "Check your email" card shown once a mail is on its way. */
export function CheckEmailCard({
  description,
  icon,
  children,
}: {
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthCard
      title="Check your email"
      description={description}
      icon={
        icon ?? (
          <AuthIcon tone="success">
            <MailCheck className="h-6 w-6" />
          </AuthIcon>
        )
      }
    >
      {children}
    </AuthCard>
  );
}

/** The address a mail went to, emphasised inside a card's description. */
export function SentToAddress({ email }: { email: string }) {
  return <strong className="font-medium text-slate-900 dark:text-white">{email}</strong>;
}
