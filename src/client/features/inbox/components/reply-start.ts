import type { OwnerLocale } from '../../../../shared/rules/locales';
import { defaultReply, type TInboxItem } from '../../../../shared/schemas/inbox';

/** The restaurant's name in the template before the options have loaded. */
const OUR_RESTAURANT: Record<OwnerLocale, string> = { fr: 'notre restaurant', en: 'our restaurant' };

/**
 * How a reply to `item` starts, in the owner's language: a typed address not confirmed yet gets the owner's
 * text alone (decision 075), so no first name; otherwise the diner's first name, and the template of the rating.
 */
export function replyStart(item: Pick<TInboxItem, 'customer' | 'rating'>, restaurantName: string | undefined, locale: OwnerLocale) {
  const unconfirmed = !item.customer?.hasEmail && !!item.customer?.unconfirmedEmail;
  const firstName = unconfirmed ? null : (item.customer?.name?.split(' ')[0] ?? null);
  return { unconfirmed, ...defaultReply(restaurantName ?? OUR_RESTAURANT[locale], firstName, item.rating, locale) };
}
