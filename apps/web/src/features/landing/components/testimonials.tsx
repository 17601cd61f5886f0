import { Star } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

// Sample content written by the Formsmith team to show the kind of use it is built for.
const TESTIMONIALS = [
  {
    quote:
      'I typed one sentence about our volunteer sign-up and had a form I could send out before my coffee got cold. Running it on our own server settled the privacy question for the board.',
    name: 'Maya Lindqvist',
    role: 'Coordinator, community food bank',
  },
  {
    quote:
      'The access codes and expiry dates are exactly what we needed for course feedback. Students answer from a QR code on the last slide, and I export the CSV for grading.',
    name: 'Daniel Okafor',
    role: 'Lecturer, applied sciences',
  },
  {
    quote:
      'We replaced three paid form tools with one self-hosted install. The analytics show where people drop off, and nothing phones home to a tracking service.',
    name: 'Priya Raman',
    role: 'Operations lead, design studio',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-20 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Made for people who collect answers"
        >
          Sample stories from the kinds of teams Formsmith is built for.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map(({ quote, name, role }) => (
            <li key={name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900">
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} aria-hidden="true" className="h-4 w-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700 dark:text-slate-200">
                  <p>“{quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-600 text-sm font-semibold text-white"
                  >
                    {name
                      .split(' ')
                      .map((part) => part[0])
                      .join('')}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900 dark:text-white">{name}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-400">{role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
