import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

type UnderConstructionProps = {
  title: string;
  /** Inside a page frame (owner pages): a section with an h2 and a link back to the dashboard. */
  inFrame?: boolean;
};

/** Placeholder for a page whose issue has not landed yet. */
export function UnderConstruction({ title, inFrame = false }: UnderConstructionProps) {
  const Heading = inFrame ? 'h2' : 'h1';
  const Wrapper = inFrame ? 'section' : 'main';
  return (
    <Wrapper className={inFrame ? 'mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center' : 'mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center'}>
      <Construction className="size-10 text-brand-700" aria-hidden="true" />
      <Heading className="text-2xl font-semibold">{title}</Heading>
      <p className="text-stone-600">Cette page est en construction.</p>
      <Link to={inFrame ? paths.dashboard.href() : paths.home.href()} className="text-brand-700 underline underline-offset-4">
        {inFrame ? 'Retour au tableau de bord' : 'Retour à l’accueil'}
      </Link>
    </Wrapper>
  );
}
