// The editor in French: GrapesJS's own French locale, completed with what it lacks (the newsletter
// preset's blocks, panel buttons and style properties), and the preset's blocks rewritten for email
// (hex colours, a table button, French sample text the save check refuses if left as is).
import fr from 'grapesjs/locale/fr.mjs';

const BLOCK_LABELS: Record<string, string> = {
  sect100: 'Section 1 colonne',
  sect50: 'Section 2 colonnes',
  sect30: 'Section 3 colonnes',
  sect37: 'Section 3/7',
  button: 'Bouton',
  divider: 'Séparateur',
  text: 'Texte',
  'text-sect': 'Titre et texte',
  image: 'Image',
  quote: 'Citation',
  link: 'Lien',
  'link-block': 'Bloc lien',
};

/** The category every block sits in (the preset gives none: GrapesJS would show them loose). */
const BLOCK_CATEGORIES: Record<string, string> = {
  sect100: 'Mise en page',
  sect50: 'Mise en page',
  sect30: 'Mise en page',
  sect37: 'Mise en page',
  divider: 'Mise en page',
  button: 'Contenu',
  text: 'Contenu',
  'text-sect': 'Contenu',
  image: 'Contenu',
  quote: 'Contenu',
  link: 'Contenu',
  'link-block': 'Contenu',
};

const FONT = 'font-family:Arial,Helvetica,sans-serif';

/**
 * Block contents replaced for email: the preset's divider uses an rgba colour Outlook refuses and its
 * button is a bare link with no address; its sample texts are English. The French samples here are
 * placeholders the save check refuses (shared/rules/email-content.ts), like the English ones.
 */
const BLOCK_CONTENT: Record<string, unknown> = {
  button: `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:16px 0"><tr><td bgcolor="#c2410c" style="background-color:#c2410c;border-radius:8px"><a href="{{google_url}}" style="display:inline-block;padding:12px 20px;${FONT};font-size:16px;color:#ffffff;text-decoration:none;font-weight:bold">Texte du bouton</a></td></tr></table>`,
  divider: '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:16px 0"><tr><td bgcolor="#e5e7eb" style="background-color:#e5e7eb;height:1px;line-height:1px;font-size:1px">&nbsp;</td></tr></table>',
  text: { type: 'text', content: 'Votre texte ici', style: { padding: '10px' } },
  'text-sect': '<h1 style="margin:0 0 12px;font-size:24px;line-height:1.3">Votre titre ici</h1><p style="margin:0 0 12px">Votre texte ici</p>',
  quote: '<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #c2410c;color:#4b5563">Votre texte ici</blockquote>',
  link: { type: 'link', content: 'Lien', attributes: { href: 'https://' }, style: { color: '#c2410c' } },
};

/** The preset's per-block option: French label, a category, and the email-safe content. */
export function frenchBlock(id: string): Record<string, unknown> {
  return {
    label: BLOCK_LABELS[id] ?? id,
    category: BLOCK_CATEGORIES[id] ?? 'Contenu',
    attributes: { title: BLOCK_LABELS[id] ?? id },
    ...(BLOCK_CONTENT[id] ? { content: BLOCK_CONTENT[id] } : {}),
  };
}

/** The preset's texts (modals, confirmation) in French. */
export const PRESET_TEXTS = {
  modalTitleImport: 'Importer du HTML',
  modalTitleExport: 'Code de l’email',
  modalLabelImport: 'Collez le HTML de votre email :',
  modalLabelExport: '',
  modalBtnImport: 'Importer',
  textCleanCanvas: 'Vider tout le contenu de l’email ?',
};

const base = fr as unknown as Record<string, Record<string, unknown>>;
const baseTraits = (base.traitManager ?? {}) as { traits?: { labels?: Record<string, string>; attributes?: Record<string, unknown>; options?: Record<string, unknown> } };

/** The text toolbar's buttons (GrapesJS titles them in English and takes no locale for them). */
export const FRENCH_TEXT_ACTIONS = [
  { name: 'bold', icon: '<b>G</b>', attributes: { title: 'Gras' } },
  { name: 'italic', attributes: { title: 'Italique' } },
  { name: 'underline', icon: '<u>S</u>', attributes: { title: 'Souligné' } },
  { name: 'strikethrough', attributes: { title: 'Barré' } },
  { name: 'link', attributes: { style: 'font-size:1.4rem;padding:0 4px 2px;', title: 'Lien (ajoutez son adresse https:// dans les paramètres)' } },
  { name: 'wrap', attributes: { title: 'Isoler pour mettre en forme' } },
];

/** GrapesJS's French messages with the newsletter preset's words added. */
export const FRENCH_MESSAGES = {
  ...base,
  blockManager: { labels: BLOCK_LABELS, categories: { 'Mise en page': 'Mise en page', Contenu: 'Contenu' } },
  panels: {
    buttons: {
      titles: {
        ...((base.panels?.buttons as { titles?: Record<string, string> })?.titles ?? {}),
        'set-device-desktop': 'Ordinateur',
        'set-device-tablet': 'Tablette',
        'set-device-mobile': 'Téléphone',
        'gjs-open-import-template': 'Importer du HTML',
        'gjs-toggle-images': 'Masquer ou afficher les images',
        undo: 'Annuler',
        redo: 'Rétablir',
        'canvas-clear': 'Tout effacer',
        'export-template': 'Voir le code',
      },
    },
  },
  assetManager: {
    ...(base.assetManager as Record<string, string>),
    addButton: 'Ajouter l’adresse',
    inputPlh: 'https://exemple.fr/image.jpg',
    modalTitle: 'Choisir une image',
    uploadTitle: 'Déposez une image ici ou cliquez pour en envoyer une (PNG, JPEG, WebP ou GIF, 5 Mo au plus)',
  },
  traitManager: {
    ...base.traitManager,
    traits: {
      ...baseTraits.traits,
      labels: { ...baseTraits.traits?.labels, href: 'Adresse du lien', alt: 'Texte alternatif (obligatoire)', target: 'Ouvrir dans' },
      attributes: { ...baseTraits.traits?.attributes, href: { placeholder: 'https://exemple.fr' }, alt: { placeholder: 'ex. Notre terrasse' } },
    },
  },
  styleManager: {
    ...(base.styleManager as Record<string, unknown>),
    sectors: {
      ...((base.styleManager as { sectors?: Record<string, string> }).sectors ?? {}),
      dimension: 'Dimensions',
      typography: 'Texte',
      decorations: 'Décoration',
    },
    properties: {
      ...((base.styleManager as { properties?: Record<string, string> }).properties ?? {}),
      'min-height': 'Hauteur min.',
      'text-decoration': 'Soulignement',
      'font-style': 'Style de police',
      'vertical-align': 'Alignement vertical',
      'border-collapse': 'Bordures fusionnées',
      'margin-top': 'Haut',
      'margin-right': 'Droite',
      'margin-bottom': 'Bas',
      'margin-left': 'Gauche',
      'padding-top': 'Haut',
      'padding-right': 'Droite',
      'padding-bottom': 'Bas',
      'padding-left': 'Gauche',
      'border-top-left-radius': 'Haut gauche',
      'border-top-right-radius': 'Haut droit',
      'border-bottom-left-radius': 'Bas gauche',
      'border-bottom-right-radius': 'Bas droit',
      'border-width': 'Épaisseur',
      'border-style': 'Style',
      'border-color': 'Couleur',
      'background-image': 'Image',
      'background-repeat': 'Répétition',
      'background-position': 'Position',
      'background-attachment': 'Défilement',
      'background-size': 'Taille',
      'text-shadow-h': 'X',
      'text-shadow-v': 'Y',
      'text-shadow-blur': 'Flou',
      'text-shadow-color': 'Couleur',
    },
    options: {
      'text-align': { left: 'Gauche', center: 'Centré', right: 'Droite', justify: 'Justifié' },
      'text-decoration': { none: 'Aucun', underline: 'Souligné', 'line-through': 'Barré' },
      'font-style': { normal: 'Normal', italic: 'Italique' },
      'vertical-align': { baseline: 'Ligne de base', top: 'Haut', middle: 'Milieu', bottom: 'Bas' },
      'border-collapse': { separate: 'Non', collapse: 'Oui' },
    },
  },
};
