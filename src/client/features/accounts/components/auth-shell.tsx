import { MessageSquareHeart } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';

/** The frame of the sign-in, sign-up and recovery pages: brand, a title and one centred card. */
export function AuthShell({ title, description, children, footer, wide = false }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = `${title} · ReFeed`;
  }, [title]);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <Link to={paths.home.href()} className="mb-6 flex items-center gap-2 text-xl font-bold text-brand-700">
        <MessageSquareHeart className="size-7" aria-hidden="true" />
        ReFeed
      </Link>
      <main className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-stone-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A labelled form row; the label points at the control by id. */
export function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The account summary could not be loaded (network or server down): say so and offer to retry. */
export function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <AuthShell title="Impossible de charger votre espace" description="Vérifiez votre connexion puis réessayez.">
      <div role="alert" className="flex justify-center">
        <Button onClick={onRetry}>Réessayer</Button>
      </div>
    </AuthShell>
  );
}
