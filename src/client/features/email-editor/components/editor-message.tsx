import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** A full-page message (missing parameters, unknown automation, failed start) with a way back. */
export function EditorMessage({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 role="alert" className="text-xl font-semibold">
        {title}
      </h1>
      {detail ? <p className="text-stone-600">{detail}</p> : null}
      <Button asChild variant="outline">
        <Link to={paths.automations.href()}>Retour aux emails automatiques</Link>
      </Button>
    </main>
  );
}

