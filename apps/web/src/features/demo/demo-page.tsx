import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';

const DEMO_SLUG = 'demo';
const INITIAL_HEIGHT = 720;

/** Grows the iframe to the height the embedded form reports (see fill's useEmbedHeight). */
function useFrameHeight(frame: React.RefObject<HTMLIFrameElement | null>): number {
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown };
      if (data?.type === 'formsmith:height' && typeof data.height === 'number' && data.height > 0) {
        setHeight(Math.min(Math.ceil(data.height), 5000));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return height;
}

/** /demo: a live sample form, embedded exactly as an owner would embed theirs. */
export function DemoPage() {
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useFrameHeight(frame);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Try a live Formsmith form
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        This is a real, published form built with Formsmith and embedded in this page, just as you would embed
        yours on your own website. Fill it in and submit it: required fields, validation and the thank-you
        message all work.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={`/form/${DEMO_SLUG}`}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses('secondary')}
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          Open the form full page
        </a>
        <Link to="/register" className={buttonClasses('primary')}>
          Build your own form
        </Link>
      </div>
      <div className="mt-8 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <iframe
          ref={frame}
          src={`/form/${DEMO_SLUG}/embed`}
          title="Formsmith demo form: product feedback"
          width="100%"
          height={height}
          className="block w-full border-0"
        />
      </div>
    </div>
  );
}
