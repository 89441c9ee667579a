import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { SiteContent } from '../content';

/** Scrolled this far, the visitor has seen the pitch: offer the sign-up in a bar at the bottom. */
export const BANNER_SCROLL_PX = 600;

export function SignupBanner({ content }: { content: SiteContent }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BANNER_SCROLL_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 px-3 py-2.5 shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur" data-testid="signup-banner">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 text-sm font-medium text-stone-800">{content.banner.text}</p>
        <Button asChild size="sm" className="shrink-0">
          <a href={paths.signup.href(content.signupCountry)}>{content.banner.cta}</a>
        </Button>
      </div>
    </div>
  );
}
