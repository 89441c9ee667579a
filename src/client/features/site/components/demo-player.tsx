import { Bell, Gift, Pause, Play, QrCode, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import type { SiteContent } from '../content';

const ICONS = [QrCode, Star, Gift, Bell];
/** Each of the four steps stays this long once the demo plays (with the pauses, about 90 s in all). */
const STEP_MS = 4000;

/**
 * The demo frame: a poster of the diner's journey with a play button; playing walks through the four
 * steps. Drawn by the page itself: no external player, no request to another origin.
 */
export function DemoPlayer({ content }: { content: SiteContent }) {
  const [playing, setPlaying] = useState(false);
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setStep((current) => (current + 1) % content.demo.steps.length), STEP_MS);
    return () => window.clearInterval(timer);
  }, [playing, content.demo.steps.length]);
  const Icon = ICONS[step];
  return (
    <figure className="relative mx-auto aspect-video w-full max-w-4xl overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-stone-900 text-white shadow-xl">
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center" aria-live="polite">
        <Icon className="size-10 sm:size-14" aria-hidden="true" />
        <p className="text-xl font-semibold sm:text-3xl" data-testid="demo-step">
          {content.demo.steps[step].title}
        </p>
        <p className="max-w-md text-sm text-white/90 sm:text-base">{content.demo.steps[step].text}</p>
        <ol className="mt-2 flex gap-2" aria-hidden="true">
          {content.demo.steps.map((s, index) => (
            <li key={s.title} className={cn('h-1.5 w-8 rounded-full', index === step ? 'bg-white' : 'bg-white/35')} />
          ))}
        </ol>
      </div>
      <button
        type="button"
        onClick={() => setPlaying((value) => !value)}
        aria-label={playing ? content.demo.pause : content.demo.play}
        className="absolute bottom-3 left-3 flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
        {content.demo.duration}
      </button>
      <figcaption className="sr-only">{content.demo.title}</figcaption>
    </figure>
  );
}
