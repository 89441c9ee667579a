import type { Context } from 'hono';
import { localeFromAcceptLanguage } from '../../../shared/i18n/negotiate';
import type { OwnerLocale } from '../../../shared/rules/locales';
import type { AppEnv } from './hono-env';

/**
 * The language an API answer's messages speak (issue #53, decision 097): the signed-in user's own (users.lang),
 * else the request's Accept-Language when it is English (the owner app's client sends its page's language),
 * else French, the product's language.
 */
export function requestOwnerLocale(c: Context<AppEnv>): OwnerLocale {
  const session = c.get('session');
  if (session) return session.user.lang;
  return localeFromAcceptLanguage(c.req.header('accept-language')) === 'en' ? 'en' : 'fr';
}
