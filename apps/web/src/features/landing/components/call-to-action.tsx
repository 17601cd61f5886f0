import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-violet-700 px-6 py-14 text-center shadow-2xl shadow-brand-900/20 sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_80%_0%,rgb(255_255_255/0.15),transparent)]"
        />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to build your first form?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-50">
          Create an account in seconds and describe what you need. Free during the beta, with nothing to set
          up.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
          >
            Create your free account
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link
            to="/help"
            className="inline-flex h-12 items-center justify-center rounded-lg border border-white/40 px-6 text-base font-semibold text-white hover:bg-white/10"
          >
            Read the guide
          </Link>
        </div>
      </div>
    </section>
  );
}
