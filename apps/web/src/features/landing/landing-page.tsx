import { CallToAction } from './components/call-to-action.tsx';
import { Faq } from './components/faq.tsx';
import { Features } from './components/features.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';
import { SupportTiers } from './components/support-tiers.tsx';
import { Testimonials } from './components/testimonials.tsx';

/** Landing (/): hero, features, how it works, testimonials, support tiers, FAQ, call to action. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
      <Testimonials />
      <SupportTiers />
      <Faq />
      <CallToAction />
    </>
  );
}
