import { TEMPLATE_VARIABLES } from '../../shared/rules/email-template';

/** The variables an email template may use, each with what it holds (the automations page, the email editor). */
export function TemplateVariables({ className }: { className: string }) {
  return (
    <dl className={className}>
      {TEMPLATE_VARIABLES.map((variable) => (
        <div key={variable.name} className="flex flex-wrap gap-x-2">
          <dt className="font-mono text-xs text-brand-800">{`{{${variable.name}}}`}</dt>
          <dd className="text-stone-600">{variable.description}</dd>
        </div>
      ))}
    </dl>
  );
}
