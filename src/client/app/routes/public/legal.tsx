import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CONTACT_EMAIL, paths } from '../../../config/paths';
import { SITE_EN } from '../../../features/site/content';
import { useOperatorLegal } from '../../../features/site/components/operator-legal';
import { DocumentSections, SiteDocument } from '../../../features/site/components/site-document';
import { operatorText, type OperatorLegal } from '../../../../shared/operator-legal';

/** The legal notice's words, French (the page at /mentions-legales) and English (/en/legal-notice, issue #53). */
const WORDS = {
  fr: {
    title: 'Mentions légales',
    colon: ' :',
    legalName: 'Raison sociale',
    capital: 'Capital social',
    rcs: 'Immatriculation',
    siren: 'SIREN',
    vat: 'N° de TVA intracommunautaire',
    address: 'Siège social',
    contact: 'Contact',
    host: 'Hébergeur',
    loading: 'Chargement des informations légales…',
    failed: 'Les informations légales n’ont pas pu être chargées.',
    retry: 'Réessayer',
    publisher: 'Éditeur',
    director: 'Directeur de la publication',
    directorText: (name: string) => `Le président de ${name}.`,
    hosting: 'Hébergement',
    ip: 'Propriété intellectuelle',
    ipText: 'Les contenus, marques et logiciels du site sont la propriété de ReFeed ; toute reproduction sans autorisation est interdite.',
    data: 'Données personnelles',
    dataText: 'Le traitement des données est décrit dans la politique de confidentialité.',
  },
  en: {
    title: 'Legal notice',
    colon: ':',
    legalName: 'Company name',
    capital: 'Share capital',
    rcs: 'Registration',
    siren: 'SIREN (French company number)',
    vat: 'EU VAT number',
    address: 'Registered office',
    contact: 'Contact',
    host: 'Hosting provider',
    loading: 'Loading the legal information…',
    failed: 'The legal information could not be loaded.',
    retry: 'Try again',
    publisher: 'Publisher',
    director: 'Publication director',
    directorText: (name: string) => `The chair of ${name}.`,
    hosting: 'Hosting',
    ip: 'Intellectual property',
    ipText: 'The site’s content, trade marks and software are the property of ReFeed; any reproduction without permission is prohibited.',
    data: 'Personal data',
    dataText: 'How personal data is processed is described in the privacy notice.',
  },
};
type Lang = keyof typeof WORDS;

/** One mention: its label and the setting's value (« non renseigné » / « not provided » when the setting is unset). */
function Mention({ label, value, testId, lang }: { label: string; value: string | null; testId: string; lang: Lang }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-2">
      <dt className="font-medium text-stone-900">
        {label}
        {WORDS[lang].colon}
      </dt>
      <dd data-testid={testId}>{operatorText(value, lang)}</dd>
    </div>
  );
}

function Publisher({ operator, lang }: { operator: OperatorLegal; lang: Lang }) {
  const w = WORDS[lang];
  return (
    <dl className="flex flex-col gap-1">
      <Mention lang={lang} label={w.legalName} value={operator.legalName} testId="operator-legal-name" />
      <Mention lang={lang} label={w.capital} value={operator.capital} testId="operator-capital" />
      <Mention lang={lang} label={w.rcs} value={operator.rcs} testId="operator-rcs" />
      <Mention lang={lang} label={w.siren} value={operator.siren} testId="operator-siren" />
      <Mention lang={lang} label={w.vat} value={operator.vatNumber} testId="operator-vat" />
      <Mention lang={lang} label={w.address} value={operator.address} testId="operator-address" />
      <div className="flex flex-col sm:flex-row sm:gap-2">
        <dt className="font-medium text-stone-900">
          {w.contact}
          {w.colon}
        </dt>
        <dd>{CONTACT_EMAIL}</dd>
      </div>
    </dl>
  );
}

function LegalNotice({ lang }: { lang: Lang }) {
  const operator = useOperatorLegal();
  const w = WORDS[lang];
  // The served page has the details filled in; through the app's router they are read first.
  const details = (render: (value: OperatorLegal) => ReactNode) =>
    operator.status === 'ready' ? (
      render(operator.operator)
    ) : operator.status === 'loading' ? (
      <p role="status">{w.loading}</p>
    ) : (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>{w.failed}</p>
        <Button variant="outline" size="sm" onClick={operator.retry}>
          {w.retry}
        </Button>
      </div>
    );
  const sections = [
    { title: w.publisher, text: details((value) => <Publisher operator={value} lang={lang} />) },
    { title: w.director, text: details((value) => w.directorText(value.legalName)) },
    {
      title: w.hosting,
      text: details((value) => (
        <dl>
          <Mention lang={lang} label={w.host} value={value.host} testId="operator-host" />
        </dl>
      )),
    },
    { title: w.ip, text: w.ipText },
    { title: w.data, text: w.dataText },
  ];
  return (
    <SiteDocument title={w.title} content={lang === 'en' ? SITE_EN : undefined} path={lang === 'en' ? paths.legalEn.path : paths.legal.path}>
      <DocumentSections sections={sections} />
    </SiteDocument>
  );
}

export default function LegalNoticePage() {
  return <LegalNotice lang="fr" />;
}

export function LegalNoticePageEn() {
  return <LegalNotice lang="en" />;
}
