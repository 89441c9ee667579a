/**
 * The operator's registration details the legal notice publishes (issue 54, decision 094), from the server's
 * OPERATOR_* settings. The page is prerendered at build with a slot for each value; the server fills the slots
 * (escaped) when it serves the page and embeds the same values as JSON for hydration; the app's own router
 * reads them from GET /api/billing/operator. An unset value reads « non renseigné » (the line stays, so a
 * missing mention shows).
 */
export type OperatorLegal = {
  legalName: string;
  siren: string | null;
  vatNumber: string | null;
  address: string | null;
  capital: string | null;
  rcs: string | null;
  host: string | null;
};

export const OPERATOR_LEGAL_FIELDS = ['legalName', 'siren', 'vatNumber', 'address', 'capital', 'rcs', 'host'] as const satisfies ReadonlyArray<keyof OperatorLegal>;

/** What an unset setting reads on the legal notice (the English notice: « not provided »). */
export const OPERATOR_NOT_SET = 'non renseign\u00e9';
export const OPERATOR_NOT_SET_EN = 'not provided';

/** The id of the JSON script the server embeds in the served legal notice. */
export const OPERATOR_LEGAL_SCRIPT_ID = 'operator-legal';

/** The prerendered slot of one value: plain ASCII that React's escaping leaves as it is. */
export function operatorSlot(field: keyof OperatorLegal): string {
  return `@@operator.${field}@@`;
}

/** The slots, as the prerender renders them. */
export const OPERATOR_SLOTS: OperatorLegal = Object.fromEntries(OPERATOR_LEGAL_FIELDS.map((field) => [field, operatorSlot(field)])) as OperatorLegal;

/** The text a value shows (the same on the server that fills and in the browser that hydrates). */
export function operatorText(value: string | null, lang: 'fr' | 'en' = 'fr'): string {
  return value ?? (lang === 'en' ? OPERATOR_NOT_SET_EN : OPERATOR_NOT_SET);
}
