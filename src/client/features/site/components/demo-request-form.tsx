import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { CONTACT_EMAIL } from '../../../config/paths';
import type { SiteContent } from '../content';

type Fields = { restaurant: string; city: string; email: string; phone: string };
const EMPTY: Fields = { restaurant: '', city: '', email: '', phone: '' };

/** The mailto: link of a demo request: addressed to the contact address, the fields in the body. */
export function buildDemoRequestMailto(fields: Fields, text: SiteContent['start']['form']): string {
  const body = [text.intro, '', `${text.restaurant} : ${fields.restaurant}`, `${text.city} : ${fields.city}`, `${text.email} : ${fields.email}`, `${text.phone} : ${fields.phone}`].join('\n');
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(text.subject)}&body=${encodeURIComponent(body)}`;
}

function validate(fields: Fields, text: SiteContent['start']['form']): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const key of Object.keys(fields) as Array<keyof Fields>) if (!fields[key].trim()) errors[key] = text.required;
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) errors.email = text.invalidEmail;
  if (!errors.phone && !/^\+?[0-9 .()-]{6,20}$/.test(fields.phone.trim())) errors.phone = text.invalidPhone;
  return errors;
}

/**
 * Restaurant, city, email and phone, all required; submitting opens the visitor's mail program. Nothing
 * reaches a server. Fixed ids (one form per page), not useId: it is hydrated as an island (decision 050).
 */
export function DemoRequestForm({ content }: { content: SiteContent }) {
  const text = content.start.form;
  const id = 'demo-request';
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [mailto, setMailto] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields, text);
    setErrors(found);
    const first = (Object.keys(found) as Array<keyof Fields>)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const link = buildDemoRequestMailto(fields, text);
    setMailto(link);
    window.location.href = link;
  };

  const field = (name: keyof Fields, label: string, type: string, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6" data-testid="demo-form">
      {field('restaurant', text.restaurant, 'text', 'organization')}
      {field('city', text.city, 'text', 'address-level2')}
      {field('email', text.email, 'email', 'email')}
      {field('phone', text.phone, 'tel', 'tel')}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Button type="submit">{text.submit}</Button>
        <p role="status" className="text-sm text-stone-600">
          {mailto ? (
            <>
              {text.opened}{' '}
              <a href={mailto} className="font-medium text-brand-700 underline" data-testid="demo-mailto">
                {text.fallback}
              </a>
            </>
          ) : null}
        </p>
      </div>
    </form>
  );
}
