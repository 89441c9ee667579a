import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '../errors';
import { SIGNUP_MESSAGES } from '../schemas/accounts';
import { localizeMessage, untranslated } from './api-messages';

describe('the API messages in English (decision 097)', () => {
  it('keeps French as it is and gives the registered English twin', () => {
    expect(localizeMessage(SIGNUP_MESSAGES.fr.password.tooShort, 'fr')).toBe(SIGNUP_MESSAGES.fr.password.tooShort);
    expect(localizeMessage(SIGNUP_MESSAGES.fr.password.tooShort, 'en')).toBe(SIGNUP_MESSAGES.en.password.tooShort);
    expect(localizeMessage(GENERIC_ERROR_MESSAGE, 'en')).toBe('Something went wrong. Please try again.');
  });

  it('leaves a text it does not know unchanged and lists it as untranslated', () => {
    expect(localizeMessage('Texte inconnu', 'en')).toBe('Texte inconnu');
    expect(untranslated(['Texte inconnu', GENERIC_ERROR_MESSAGE])).toEqual(['Texte inconnu']);
  });
});
