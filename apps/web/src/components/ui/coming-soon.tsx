/** Temporary panel for a page whose issue is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This page is coming in this release.</p>
    </section>
  );
}
