import { beforeEach, describe, expect, it, vi } from 'vitest';

const error = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => error(...args) } }));

const { firstErrorMessage, onInvalid, toastError, toastErrorTitle, toastValidationError } = await import('./toast');
const { ApiError } = await import('./api-client');

beforeEach(() => error.mockReset());

describe('toastError: the one error toast', () => {
  it("describes the failure with the server's French message", () => {
    toastError('Erreur lors de la création', new ApiError('Ce restaurant existe déjà', 409));
    expect(error).toHaveBeenCalledWith('Erreur lors de la création', { description: 'Ce restaurant existe déjà' });
  });

  it("reads a better-auth error's message (a plain object)", () => {
    toastError('Erreur', { message: ' Trop de tentatives. ', status: 429 }, 'Une erreur est survenue lors de la réinitialisation.');
    expect(error).toHaveBeenCalledWith('Erreur', { description: 'Trop de tentatives.' });
  });

  it('falls back to the given text when the error carries no message', () => {
    toastError('Erreur', { message: '' }, 'Une erreur est survenue lors de la réinitialisation.');
    expect(error).toHaveBeenCalledWith('Erreur', { description: 'Une erreur est survenue lors de la réinitialisation.' });
  });

  it("falls back to the generic French message, never the browser's English network error", () => {
    toastError('Échec de la suppression', new TypeError('Failed to fetch'));
    expect(error).toHaveBeenCalledWith('Échec de la suppression', { description: 'Une erreur est survenue. Veuillez réessayer.' });
    toastError('Erreur', undefined);
    expect(error).toHaveBeenLastCalledWith('Erreur', { description: 'Une erreur est survenue. Veuillez réessayer.' });
  });

  it('keeps a toast id so a repeated failure replaces its toast', () => {
    toastError('Échec de la vérification', new Error('Service indisponible'), undefined, { id: 'security-check' });
    expect(error).toHaveBeenCalledWith('Échec de la vérification', { description: 'Service indisponible', id: 'security-check' });
  });

  it('shows a title-only message as it is', () => {
    toastErrorTitle('Lien invalide ou expiré');
    expect(error).toHaveBeenCalledWith('Lien invalide ou expiré', undefined);
  });
});

describe("the 'Erreur de validation' toast shows only the first error", () => {
  it('toasts the given first message', () => {
    toastValidationError('Le libellé est requis');
    expect(error).toHaveBeenCalledWith('Erreur de validation', { description: 'Le libellé est requis' });
  });

  it('onInvalid picks the first field in screen order, not the last failing one', () => {
    const errors = {
      password: { type: 'too_small', message: 'Le mot de passe doit contenir au moins 8 caractères' },
      email: { type: 'invalid_format', message: 'Email invalide' },
    };
    onInvalid(['email', 'password'])(errors);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Erreur de validation', { description: 'Email invalide' });
  });

  it("onInvalid without an order takes the schema's first error; nested fields are searched", () => {
    expect(firstErrorMessage({ hours: { end: { type: 'custom', message: 'L’heure de fin doit être après l’heure de début' } } })).toBe(
      'L’heure de fin doit être après l’heure de début',
    );
    onInvalid()({ label: { type: 'too_small', message: 'Le libellé est requis' }, cost: { type: 'too_small', message: 'Coût : 1 point au minimum' } });
    expect(error).toHaveBeenCalledWith('Erreur de validation', { description: 'Le libellé est requis' });
  });
});
