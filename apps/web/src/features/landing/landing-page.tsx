import { useInstance } from '../../lib/instance-api/get-instance.ts';
import { CallToAction } from './components/call-to-action.tsx';
import { Facts } from './components/facts.tsx';
import { Faq } from './components/faq.tsx';
import { Features } from './components/features.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { Screens } from './components/screens.tsx';
import { SupportTiers } from './components/support-tiers.tsx';

/**
 * Landing (/): hero, features, screens, how it works, facts counted from the code, the support
 * tiers (only when the operator names a SUPPORT_URL), FAQ and a call to action. Every picture is
 * a screenshot of the app and every figure is counted: nothing here is made up.
 */
export function LandingPage() {
  const supportUrl = useInstance().data?.support_url ?? null;
  return (
    <>
      <Hero />
      <Features />
      <Screens />
      <HowItWorks />
      <Facts />
      {supportUrl && <SupportTiers supportUrl={supportUrl} />}
      <Faq withSupport={supportUrl !== null} />
      <CallToAction />
    </>
  );
}
