import { TemplateVariables } from '../../../components/template-variables';

/** The variables a template may use, with what each one says (a disclosure under the editor). */
export function VariablesList() {
  return (
    <details className="rounded-lg border border-stone-200 bg-white text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-600">Variables disponibles</summary>
      <TemplateVariables className="grid gap-1 px-3 pb-3 sm:grid-cols-2" />
    </details>
  );
}
