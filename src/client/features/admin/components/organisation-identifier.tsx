import type { Country } from '../../../../shared/rules/locales';

/** The register the platform team checks an organisation against, by its country (issue #53). */
export function companyRegisterUrl(organisation: { country: Country; siren: string | null; companyNumber: string | null }): string | null {
  if (organisation.country === 'GB') return organisation.companyNumber ? `https://find-and-update.company-information.service.gov.uk/company/${organisation.companyNumber}` : null;
  return organisation.siren ? `https://annuaire-entreprises.data.gouv.fr/entreprise/${organisation.siren}` : null;
}

/**
 * The organisation's registration number as the team reads it: 'SIREN 552100554' for France, 'Companies
 * House SC123456' for the UK, or 'Sole trader (sans numéro)' for a UK sole trader who has none.
 */
export function OrganisationIdentifier({ organisation }: { organisation: { country: Country; siren: string | null; companyNumber: string | null } }) {
  if (organisation.country === 'GB') {
    return organisation.companyNumber ? (
      <>
        Companies House <span className="font-mono">{organisation.companyNumber}</span>
      </>
    ) : (
      <>Sole trader (sans numéro)</>
    );
  }
  return organisation.siren ? (
    <>
      SIREN <span className="font-mono">{organisation.siren}</span>
    </>
  ) : (
    <>SIREN —</>
  );
}
