import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setOwnerLocale } from '../../../lib/owner-locale';
import { ownerMessages } from '../../../../shared/i18n/owner';
import type { TFeedbackReply, TInboxItem } from '../../../../shared/schemas/inbox';
import { FeedbackDiner } from './feedback-diner';
import { FeedbackReplies } from './feedback-replies';
import { filterChoices } from './inbox-filters';
import { replyStart } from './reply-start';
import { tableLabelIn } from './table-label';
import { useReplyFlow } from './use-reply-flow';

afterEach(() => setOwnerLocale('fr'));

const reply = (over: Partial<TFeedbackReply> = {}): TFeedbackReply => ({
  id: crypto.randomUUID(),
  subject: 'Toutes nos excuses',
  message: 'Revenez nous voir',
  rewardLabel: null,
  createdAt: '2026-11-21T13:05:00Z',
  sentByName: null,
  ...over,
});
const item = (over: Partial<TInboxItem> = {}): TInboxItem => ({
  id: crypto.randomUUID(),
  rating: 2,
  comment: null,
  createdAt: '2026-11-21T13:05:00Z',
  tableLabel: null,
  customer: { id: 'c1', name: 'Sacha Durand', hasEmail: true, unconfirmedEmail: null },
  reviewInvited: false,
  status: 'new',
  handledAt: null,
  handledByName: null,
  replies: [],
  ...over,
});

describe('the parts of an /avis feedback', () => {
  it('the replies say when, by whom and the gift, in French (Paris time) and in English', () => {
    const replies = [reply({ sentByName: 'Camille', rewardLabel: 'Café offert' }), reply({ subject: 'Merci' })];
    const { rerender } = render(<FeedbackReplies replies={replies} />);
    const texts = () => screen.getAllByTestId('inbox-reply').map((li) => li.textContent);
    expect(texts()[0]).toBe('Réponse envoyée le 21 novembre 2026 à 14:05 par Camille : Toutes nos excusesRevenez nous voirGeste offert : Café offert');
    expect(texts()[1]).toContain('Réponse envoyée le 21 novembre 2026 à 14:05 : Merci');
    expect(screen.getByRole('list').getAttribute('aria-label')).toBe('Réponses envoyées');
    act(() => setOwnerLocale('en'));
    rerender(<FeedbackReplies replies={replies} />);
    expect(texts()[0]).toBe('Reply sent on 21 November 2026 at 14:05 by Camille: Toutes nos excusesRevenez nous voirGift offered: Café offert');
    expect(texts()[1]).toContain('Reply sent on 21 November 2026 at 14:05: Merci');
    expect(screen.getByRole('list').getAttribute('aria-label')).toBe('Replies sent');
  });

  it('no reply, no list', () => {
    const { container } = render(<FeedbackReplies replies={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('the diner: a named link, an anonymous one, or nobody, with what is known of their address', () => {
    const at = (customer: TInboxItem['customer']) =>
      render(
        <MemoryRouter>
          <FeedbackDiner customer={customer} />
        </MemoryRouter>,
      ).container.textContent;
    expect(at({ id: 'c1', name: 'Sacha', hasEmail: true, unconfirmedEmail: null })).toBe('Sachaemail connu');
    expect(screen.getByRole('link', { name: 'Sacha' }).getAttribute('href')).toContain('c1');
    act(() => setOwnerLocale('en'));
    expect(at({ id: 'c2', name: null, hasEmail: true, unconfirmedEmail: null })).toBe('Anonymous dineremail on file');
    expect(screen.getByRole('link', { name: 'Anonymous diner' })).toBeTruthy();
    expect(at(null)).toBe('Anonymous diner');
  });

  it('the filter choices: 1 étoile, 2 étoiles… and 1 star, 2 stars…', () => {
    const labels = (locale: 'fr' | 'en') => filterChoices(ownerMessages(locale)).ratings.map(([, label]) => label);
    expect(labels('fr')).toEqual(['Toutes les notes', '3 étoiles ou moins', '4 ou 5 étoiles', '5 étoiles', '4 étoiles', '3 étoiles', '2 étoiles', '1 étoile']);
    expect(labels('en')).toEqual(['All ratings', '3 stars or fewer', '4 or 5 stars', '5 stars', '4 stars', '3 stars', '2 stars', '1 star']);
    expect(filterChoices(ownerMessages('en')).statuses.map(([value]) => value)).toEqual(['', 'new', 'done']);
  });

  it('the reply starts in the owner’s language; an unconfirmed address gets no first name', () => {
    const fr = replyStart(item({ rating: 5 }), 'Le Bistrot', 'fr');
    expect(fr.subject).toBe('Votre avis sur Le Bistrot');
    expect(fr.message.startsWith('Bonjour Sacha,')).toBe(true);
    const en = replyStart(item({ rating: 2 }), undefined, 'en');
    expect(en.subject).toBe('Your review of our restaurant');
    expect(en.message.startsWith('Hello Sacha,\n\nThank you for taking the time')).toBe(true);
    expect(en.message.endsWith('\n\nThe team at our restaurant')).toBe(true);
    const unconfirmed = replyStart(item({ customer: { id: 'c', name: 'Sacha', hasEmail: false, unconfirmedEmail: 's@example.fr' } }), 'The Red Lion', 'en');
    expect(unconfirmed.unconfirmed).toBe(true);
    expect(unconfirmed.message.startsWith('Hello,')).toBe(true);
  });

  it('the main QR’s stored label reads « Entrée principale » in French and as stored in English', () => {
    expect(tableLabelIn('Main entrance', 'fr')).toBe('Entrée principale');
    expect(tableLabelIn('Main entrance', 'en')).toBe('Main entrance');
    expect(tableLabelIn('Table 4', 'fr')).toBe('Table 4');
    expect(tableLabelIn(null, 'en')).toBeNull();
  });

  it('a first reply opens the dialog; a second one asks first, then opens it as « another »', () => {
    const { result } = renderHook(() => useReplyFlow());
    const fresh = item();
    act(() => result.current.open(fresh));
    expect(result.current.replyTo).toEqual({ item: fresh, another: false });
    act(() => result.current.close());
    expect(result.current.replyTo).toBeNull();
    const answered = item({ replies: [reply()] });
    act(() => result.current.open(answered));
    expect(result.current.replyTo).toBeNull();
    expect(result.current.confirmAnother).toBe(answered);
    act(() => result.current.confirm());
    expect(result.current.confirmAnother).toBeNull();
    expect(result.current.replyTo).toEqual({ item: answered, another: true });
  });
});
