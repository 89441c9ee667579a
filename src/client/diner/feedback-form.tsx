import { useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '../../shared/schemas/diner-messages';
import type { TSubmitFeedbackRequest, TSubmitFeedbackResponse } from '../../shared/schemas/diner';
import { loadDinerSchemas } from './load-once';
import { createSubmissionId, DinerApiError, postJson } from './api';
import { Checkbox, Notice, PRIMARY_BUTTON, TextField } from './fields';
import { StarRating } from './star-rating';
import { loadMessageWords, useI18n } from './i18n';

type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'comment';
export type SubmittedFeedback = { result: TSubmitFeedbackResponse; rating: number; anonymous: boolean; firstName: string };

/**
 * The rating form. /r (page 'r') asks a first name; /f asks only the rating and offers last name and
 * phone. The consent box is unticked; on /f it appears once an email is typed.
 */
export function FeedbackForm({
  page,
  restaurantId,
  restaurantName,
  qrId,
  visitId,
  label,
  ready,
  onSubmitted,
}: {
  page: 'r' | 'f';
  restaurantId: string | null;
  restaurantName: string | null;
  qrId: string | null;
  visitId: string | null;
  label: string | null;
  ready: boolean;
  onSubmitted: (submitted: SubmittedFeedback) => void;
}) {
  // One id per form: a retry after a lost answer returns the first result instead of counting twice.
  const [submissionId] = useState(createSubmissionId);
  const [rating, setRating] = useState(0);
  const [values, setValues] = useState<Record<FieldName, string>>({ firstName: '', lastName: '', email: '', phone: '', comment: '' });
  const [consent, setConsent] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: FieldName | 'rating'; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The messages (French, from the schemas or the server) are shown in the page's language (t).
  const { locale, m, t } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (fieldError?.field === field) setFieldError(null);
  };
  const errorOf = (field: FieldName) => (fieldError?.field === field ? t(fieldError.message) : undefined);
  const showConsent = page === 'r' || values.email.trim() !== '';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!restaurantId || submitting) return;
    setFailure(null);
    const body: TSubmitFeedbackRequest = {
      submissionId,
      restaurantId,
      page,
      rating,
      ...values,
      // Consent only means something with an address to write to.
      marketingConsent: showConsent && consent && values.email.trim() !== '',
      qrId,
      visitId,
      label,
      lang: locale,
    };
    setSubmitting(true);
    // Without the schemas (their download failed), the server checks the fields alone: the feedback is still sent.
    const schemas = await loadDinerSchemas().catch(() => null);
    const parsed = schemas ? schemas.ZSubmitFeedbackRequest.safeParse(body) : null;
    if (parsed && !parsed.success) await loadMessageWords();
    if (parsed && !parsed.success) {
      setSubmitting(false);
      const issue = parsed.error.issues[0];
      const field = (issue.path[0] === 'rating' ? 'rating' : issue.path[0]) as FieldName | 'rating';
      setFieldError({ field, message: issue.message });
      formRef.current?.querySelector<HTMLElement>(field === 'rating' ? 'input[name="rating"]' : `#${page}-${field}`)?.focus();
      return;
    }
    try {
      const result = await postJson<TSubmitFeedbackResponse>('/feedbacks', body);
      const email = parsed ? parsed.data.email : values.email.trim();
      const firstName = parsed ? parsed.data.firstName : values.firstName.trim();
      onSubmitted({ result, rating, anonymous: !email, firstName: firstName ?? '' });
    } catch (error) {
      await loadMessageWords();
      setFailure(error instanceof DinerApiError ? error.message : m.generic_error());
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5">
      <StarRating
        value={rating}
        onChange={(next) => {
          setRating(next);
          if (fieldError?.field === 'rating') setFieldError(null);
        }}
      />
      {fieldError?.field === 'rating' ? <p className="-mt-3 text-sm text-red-700">{t(fieldError.message)}</p> : null}

      <TextField
        id={`${page}-firstName`}
        label={m.first_name()}
        optional={page === 'f'}
        autoComplete="given-name"
        required={page === 'r'}
        maxLength={50}
        value={values.firstName}
        onChange={update('firstName')}
        error={errorOf('firstName')}
      />
      {page === 'f' ? (
        <TextField id="f-lastName" label={m.last_name()} optional autoComplete="family-name" maxLength={50} value={values.lastName} onChange={update('lastName')} error={errorOf('lastName')} />
      ) : null}
      <TextField
        id={`${page}-email`}
        label={m.email()}
        optional
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={255}
        value={values.email}
        onChange={update('email')}
        error={errorOf('email')}
      />
      {page === 'f' ? (
        <TextField id="f-phone" label={m.phone()} optional type="tel" inputMode="tel" autoComplete="tel" maxLength={20} value={values.phone} onChange={update('phone')} error={errorOf('phone')} />
      ) : null}
      <TextField
        id={`${page}-comment`}
        label={m.comment()}
        optional
        multiline
        rows={page === 'r' ? 3 : 4}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={m.comment_placeholder()}
        value={values.comment}
        onChange={update('comment')}
        error={errorOf('comment')}
      />
      {showConsent ? (
        <Checkbox id={`${page}-consent`} checked={consent} onChange={setConsent}>
          {m.consent({ name: restaurantName ?? m.this_restaurant() })}
        </Checkbox>
      ) : null}

      <div aria-live="assertive">{failure ? <Notice tone="error" title={m.feedback_failed()}>{t(failure)}</Notice> : null}</div>

      <div>
        <button type="submit" className={PRIMARY_BUTTON} disabled={rating === 0 || !ready || submitting} aria-describedby={rating === 0 ? `${page}-rating-hint` : undefined}>
          {submitting ? m.sending() : m.send_review()}
        </button>
        <p id={`${page}-rating-hint`} className="mt-2 h-5 text-center text-sm text-stone-500">
          {rating === 0 ? m.rating_required() : ''}
        </p>
      </div>
    </form>
  );
}
