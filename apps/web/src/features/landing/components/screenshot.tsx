import { cn } from '../../../lib/cn.ts';

/** A screenshot taken from the running app (apps/web/scripts/capture-landing-screenshots.mjs). */
export type Shot = { name: string; width: number; height: number; alt: string };

/**
 * The light and the dark capture of one screen; the page's theme shows one of them (the other is
 * display:none, which a lazy image is never fetched for).
 */
export function Screenshot({
  shot,
  eager = false,
  className,
}: {
  shot: Shot;
  eager?: boolean;
  className?: string;
}) {
  const common = {
    width: shot.width,
    height: shot.height,
    decoding: 'async' as const,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    className: 'block h-auto w-full',
  };
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
    >
      <img
        {...common}
        alt={shot.alt}
        src={`/screenshots/${shot.name}-light.webp`}
        className={cn(common.className, 'dark:hidden')}
      />
      <img
        {...common}
        alt={shot.alt}
        src={`/screenshots/${shot.name}-dark.webp`}
        className={cn(common.className, 'hidden dark:block')}
      />
    </div>
  );
}
