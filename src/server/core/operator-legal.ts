import type { Env } from '../env';
import { escapeHtml } from '../email/escape';
import { OPERATOR_LEGAL_FIELDS, OPERATOR_LEGAL_SCRIPT_ID, operatorSlot, operatorText, type OperatorLegal } from '../../shared/operator-legal';

type OperatorEnv = Pick<Env, 'OPERATOR_LEGAL_NAME' | 'OPERATOR_SIREN' | 'OPERATOR_VAT_NUMBER' | 'OPERATOR_ADDRESS' | 'OPERATOR_CAPITAL' | 'OPERATOR_RCS' | 'OPERATOR_HOST'>;

/** The legal notice's operator details from the settings (decision 094); unset ones are null. */
export function operatorLegalOf(env: OperatorEnv): OperatorLegal {
  return {
    legalName: env.OPERATOR_LEGAL_NAME,
    siren: env.OPERATOR_SIREN ?? null,
    vatNumber: env.OPERATOR_VAT_NUMBER ?? null,
    address: env.OPERATOR_ADDRESS ?? null,
    capital: env.OPERATOR_CAPITAL ?? null,
    rcs: env.OPERATOR_RCS ?? null,
    host: env.OPERATOR_HOST ?? null,
  };
}

/**
 * Fills a prerendered page's operator slots with the values, HTML-escaped, and embeds the same values as JSON
 * before </body> (`<`, `>` and `&` as \u escapes, so no value closes the script) for the page's hydration.
 * A page without slots is returned as it is.
 */
export function fillOperatorSlots(html: string, operator: OperatorLegal): string {
  if (!html.includes(operatorSlot('legalName'))) return html;
  let filled = html;
  // The English notice (/en/legal-notice) says « not provided » where the French one says « non renseigné ».
  const lang = /<html[^>]*\slang="en/.test(html) ? 'en' : 'fr';
  for (const field of OPERATOR_LEGAL_FIELDS) filled = filled.replaceAll(operatorSlot(field), escapeHtml(operatorText(operator[field], lang)));
  const json = JSON.stringify(operator).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return filled.replace('</body>', `<script type="application/json" id="${OPERATOR_LEGAL_SCRIPT_ID}">${json}</script></body>`);
}
