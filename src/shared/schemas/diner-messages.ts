// The diner pages' words and numbers, without zod: the phone's first download needs these, while the
// schemas (diner.ts) load only when a form is about to be checked.

/** The French messages of the diner pages (spec §5, §8), shared by the server and the diner bundle. */
export const DINER_MESSAGES = {
  ratingRequired: 'Veuillez donner une note',
  emailRequired: 'Email requis',
  emailInvalid: 'Email invalide',
  firstNameRequired: 'Le prénom est requis',
  firstNameTooShort: 'Le prénom doit contenir au moins 2 caractères',
  firstNameTooLong: 'Le prénom ne doit pas dépasser 50 caractères',
  lastNameTooShort: 'Le nom doit contenir au moins 2 caractères',
  lastNameTooLong: 'Le nom ne doit pas dépasser 50 caractères',
  phoneInvalid: 'Numéro de téléphone invalide',
  commentTooLong: 'Le commentaire ne doit pas dépasser 1000 caractères',
  invalidQr: 'QR code invalide',
  restaurantNotFound: 'Restaurant introuvable ou non actif',
  nothingToLink: 'Aucun point à récupérer pour cet appareil',
  invalidRequest: 'Requête invalide',
  feedbackThanks: 'Merci pour votre avis !',
  earningInterval: 'Vous avez déjà cumulé des points pour votre visite récente : cet avis n’en rapporte pas.',
  earningDailyCap: 'Vous avez atteint le plafond de points du jour : cet avis n’en rapporte pas.',
  emailClaimNote: 'Si cette adresse n’est pas encore confirmée, ouvrez le lien que nous venons de vous envoyer par email : vos points y seront ajoutés.',
  feedbackFailed: "Échec de l'envoi de l'avis",
  genericError: 'Une erreur est survenue',
  linkFailed: "Erreur lors de la liaison de l'email",
  linkSucceeded: 'Points récupérés et liés à votre compte ✅',
  linkConfirmationSent: 'Un email de confirmation vous a été envoyé',
  linkInvalid: 'Ce lien de confirmation est invalide ou a expiré.',
} as const;

export const COMMENT_MAX_LENGTH = 1000;
export const POSITIVE_RATING = 4;
