/**
 * The API reference page, /api/v1/docs (issue #31, decision 064): one HTML page written on the server from
 * the OpenAPI 3.1 document the API serves (/api/v1/openapi.json), so it can never describe another API
 * than the one running. French throughout (the document's texts are French; the page's own labels too),
 * no script (nothing to load, nothing to translate), readable on a phone, keyboard and screen-reader
 * friendly (headings, a table of contents, tables with headers). Each problem `type` URI of the API's
 * errors (problem.ts, `…/api/v1/docs#probleme-<slug>`) lands on its own section here.
 */
import { escapeHtml } from '../../email/layout';
import { PROBLEM_KINDS } from './problem';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  example?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type MediaType = { schema?: Schema; example?: unknown };
type Response = { description?: string; headers?: Record<string, { description?: string; schema?: Schema }>; content?: Record<string, MediaType> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { description?: string }> };
  paths: Record<string, Record<string, Operation>>;
  /** OpenAPI 3.1 webhooks: what the API sends (decision 077), by event name. */
  webhooks?: Record<string, Record<string, Operation>>;
};

/** What each problem status means for a caller of the API (the section its `type` URI opens). */
const PROBLEM_HELP: Record<number, string> = {
  400: 'Un paramètre ou le corps de la requête est invalide. Le champ en cause est nommé dans `field`, et `detail` dit pourquoi.',
  401: 'La clé est absente, mal formée, inconnue ou révoquée. Envoyez `Authorization: Bearer rf_live_…` avec une clé active.',
  403: 'L’organisation n’est pas validée, son forfait n’inclut pas l’API, ou la clé est en lecture seule pour une opération qui écrit.',
  404: 'La ressource n’existe pas, ou n’est pas dans la portée de la clé (un identifiant d’une autre organisation répond aussi 404).',
  405: 'L’adresse existe mais ne prend pas cette méthode : l’en-tête `Allow` liste celles qu’elle prend.',
  409: 'La requête entre en conflit avec l’état de la ressource (une récompense déjà remise), ou une requête de même `Idempotency-Key` est encore en cours.',
  413: 'Le corps de la requête dépasse la taille permise.',
  415: 'Le type de contenu envoyé n’est pas accepté : envoyez du JSON (`Content-Type: application/json`).',
  422: 'La même `Idempotency-Key` a déjà servi pour une autre requête : choisissez une nouvelle valeur.',
  429: 'Le quota de la clé est épuisé : attendez le nombre de secondes indiqué par `Retry-After`.',
  500: 'Une erreur inattendue, journalisée de notre côté ; aucun détail n’est divulgué. Réessayez plus tard.',
  503: 'Le service est momentanément indisponible (base de données injoignable). Réessayez plus tard.',
};

const METHOD_LABELS: Record<string, string> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };
const WHERE: Record<string, string> = { path: 'chemin', query: 'requête', header: 'en-tête', cookie: 'cookie' };
const FORMATS: Record<string, string> = { uuid: 'UUID', 'date-time': 'date et heure ISO 8601', date: 'date AAAA-MM-JJ', email: 'email', uri: 'URL' };

/** The document's light Markdown (paragraphs, **bold**, `code`), escaped first. */
function markdown(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${inline(paragraph)}</p>`)
    .join('\n');
}
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\n/g, '<br>');

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name];
}

/** A schema's type in words: "chaîne (UUID)", "entier de 1 à 5", "tableau d’objets", "… ou null", and its values. */
function typeOf(document: OpenApiDocument, raw: Schema | undefined): string {
  const schema = resolve(document, raw);
  if (!schema) return '';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(' ou ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  const main = types.find((type) => type !== 'null');
  let words: string;
  switch (main) {
    case 'string':
      words = 'chaîne';
      break;
    case 'integer':
      words = 'entier';
      break;
    case 'number':
      words = 'nombre';
      break;
    case 'boolean':
      words = 'booléen';
      break;
    case 'array': {
      const items = resolve(document, schema.items);
      words = items?.properties ? 'tableau d’objets' : `tableau (${typeOf(document, schema.items)})`;
      break;
    }
    case 'object':
      words = 'objet';
      break;
    default:
      words = schema.properties ? 'objet' : 'valeur';
  }
  if (schema.format && FORMATS[schema.format]) words += ` (${FORMATS[schema.format]})`;
  if (schema.minimum !== undefined && schema.maximum !== undefined) words += ` de ${schema.minimum} à ${schema.maximum}`;
  else if (schema.minimum !== undefined) words += ` ≥ ${schema.minimum}`;
  else if (schema.maximum !== undefined) words += ` ≤ ${schema.maximum}`;
  if (schema.maxLength !== undefined) words += `, ${schema.maxLength} caractères au plus`;
  if (nullable) words += ' ou null';
  return words;
}

/** The enum values, default and example of a schema, as a line under its description. */
function valuesOf(document: OpenApiDocument, raw: Schema | undefined): string {
  const schema = resolve(document, raw);
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.enum) parts.push(`Valeurs : ${schema.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(', ')}.`);
  if (schema.default !== undefined) parts.push(`Par défaut : <code>${escapeHtml(String(schema.default))}</code>.`);
  if (schema.example !== undefined && schema.example !== null && typeof schema.example !== 'object') parts.push(`Exemple : <code>${escapeHtml(String(schema.example))}</code>.`);
  return parts.length ? `<span class="values">${parts.join(' ')}</span>` : '';
}

type Field = { name: string; type: string; required: boolean; description: string };

/** The fields of an object schema, nested objects and arrays of objects flattened as `customer.email`, `data[].id`. */
function fieldsOf(document: OpenApiDocument, raw: Schema | undefined, prefix = '', depth = 0): Field[] {
  const schema = resolve(document, raw);
  if (!schema?.properties || depth > 3) return [];
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const resolved = resolve(document, property);
    const path = `${prefix}${name}`;
    fields.push({
      name: path,
      type: typeOf(document, property),
      required: schema.required?.includes(name) ?? false,
      description: [inline(resolved?.description ?? property.description ?? ''), valuesOf(document, property)].filter(Boolean).join(' '),
    });
    if (resolved?.properties) fields.push(...fieldsOf(document, resolved, `${path}.`, depth + 1));
    const items = resolved?.type === 'array' ? resolve(document, resolved.items) : undefined;
    if (items?.properties) fields.push(...fieldsOf(document, items, `${path}[].`, depth + 1));
  }
  return fields;
}

/**
 * A table of rows (each a row header and labelled cells). On a phone the rows stack, each cell under its
 * label: the explicit roles keep it a table for screen readers once its elements are displayed as blocks.
 */
const table = (caption: string, columns: string[], rows: string) =>
  `<div class="table"><table role="table"><caption class="sr-only">${escapeHtml(caption)}</caption><thead role="rowgroup"><tr role="row">${columns.map((column) => `<th role="columnheader" scope="col">${escapeHtml(column)}</th>`).join('')}</tr></thead><tbody role="rowgroup">${rows}</tbody></table></div>`;

function fieldTable(fields: Field[], caption: string): string {
  if (fields.length === 0) return '';
  const rows = fields
    .map(
      (field) =>
        `<tr role="row"><th role="rowheader" scope="row"><code>${escapeHtml(field.name)}</code></th><td role="cell" data-label="Type">${escapeHtml(field.type)}</td><td role="cell" data-label="Toujours présent">${field.required ? 'oui' : 'non'}</td><td role="cell" data-label="Description">${field.description}</td></tr>`,
    )
    .join('\n');
  return table(caption, ['Champ', 'Type', 'Toujours présent', 'Description'], rows);
}

function parameterTable(document: OpenApiDocument, parameters: Parameter[]): string {
  if (parameters.length === 0) return '<p>Aucun paramètre.</p>';
  const rows = parameters
    .map((parameter) => {
      const description = [inline(parameter.description ?? parameter.schema?.description ?? ''), valuesOf(document, parameter.schema)].filter(Boolean).join(' ');
      return `<tr role="row"><th role="rowheader" scope="row"><code>${escapeHtml(parameter.name)}</code></th><td role="cell" data-label="Où">${WHERE[parameter.in] ?? escapeHtml(parameter.in)}</td><td role="cell" data-label="Type">${escapeHtml(typeOf(document, parameter.schema))}</td><td role="cell" data-label="Obligatoire">${parameter.required ? 'oui' : 'non'}</td><td role="cell" data-label="Description">${description}</td></tr>`;
    })
    .join('\n');
  return table('Paramètres', ['Nom', 'Où', 'Type', 'Obligatoire', 'Description'], rows);
}

/** A ready-to-paste curl line for an operation, with the parameters' examples. */
function curlOf(base: string, method: string, path: string, parameters: Parameter[]): string {
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const example = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema?.example;
    return example === undefined ? `{${name}}` : String(example);
  });
  const headers = ['-H "Authorization: Bearer rf_live_…"'];
  for (const parameter of parameters.filter((one) => one.in === 'header' && one.required)) headers.push(`-H "${headerName(parameter.name)}: ${String(parameter.schema?.example ?? '…')}"`);
  return `curl${method === 'get' ? '' : ` -X ${METHOD_LABELS[method] ?? method.toUpperCase()}`} ${headers.join(' ')} \\\n  "${base}${filled}"`;
}
const headerName = (name: string) => name.replace(/(^|-)(\w)/g, (_whole, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

function responseBlock(document: OpenApiDocument, status: string, response: Response): string {
  const code = Number(status);
  const kind = PROBLEM_KINDS[code];
  if (code >= 400) {
    const link = kind ? ` <a href="#probleme-${kind.slug}">${escapeHtml(kind.title)}</a>` : '';
    return `<li class="response error"><span class="status">${escapeHtml(status)}</span> ${inline(response.description ?? '')}${link}</li>`;
  }
  const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
  const headers = Object.entries(response.headers ?? {});
  const example = media?.example ?? resolve(document, media?.schema)?.example;
  return `<li class="response ok"><span class="status">${escapeHtml(status)}</span> ${inline(response.description ?? '')}
${contentType ? `<p class="media">Corps : <code>${escapeHtml(contentType)}</code></p>` : ''}
${fieldTable(fieldsOf(document, media?.schema), 'Champs de la réponse')}
${example !== undefined ? `<p class="example-title">Exemple de réponse</p><pre><code>${pretty(example)}</code></pre>` : ''}
${headers.length ? `<p class="example-title">En-têtes</p><ul class="headers">${headers.map(([name, header]) => `<li><code>${escapeHtml(name)}</code> : ${inline(header.description ?? '')}</li>`).join('')}</ul>` : ''}</li>`;
}

/** A webhook (an event the API sends): when, its headers, its payload's fields, what to answer. */
function webhookBlock(document: OpenApiDocument, event: string, operation: Operation): string {
  const id = `webhook-${event.replace(/[^\w-]+/g, '-')}`;
  const body = Object.entries(operation.requestBody?.content ?? {})[0];
  const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
  return `<article class="operation" id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-title">
<h3 id="${escapeHtml(id)}-title"><span class="method method-post">POST</span> <code class="path">${escapeHtml(event)}</code></h3>
<p class="summary">${inline(operation.summary ?? '')}</p>
${markdown(operation.description?.split('\n\n')[0])}
<h4>En-têtes</h4>
${parameterTable(document, headers)}
${body ? `<h4>Corps envoyé</h4><p>Corps : <code>${escapeHtml(body[0])}</code></p>${fieldTable(fieldsOf(document, body[1].schema), `Champs de ${event}`)}` : ''}
<h4>Réponses attendues</h4>
<ul class="responses">${Object.entries(operation.responses ?? {})
    .map(([status, response]) => `<li class="response ${Number(status) >= 400 ? 'error' : 'ok'}"><span class="status">${escapeHtml(status)}</span> ${inline(response.description ?? '')}</li>`)
    .join('\n')}</ul>
</article>`;
}

function operationBlock(document: OpenApiDocument, base: string, method: string, path: string, operation: Operation): string {
  const id = `op-${operation.operationId ?? `${method}-${path}`.replace(/[^\w-]+/g, '-')}`;
  const parameters = operation.parameters ?? [];
  const responses = Object.entries(operation.responses ?? {});
  const body = operation.requestBody ? Object.entries(operation.requestBody.content ?? {})[0] : undefined;
  return `<article class="operation" id="${escapeHtml(id)}" aria-labelledby="${escapeHtml(id)}-title">
<h3 id="${escapeHtml(id)}-title"><span class="method method-${escapeHtml(method)}">${METHOD_LABELS[method] ?? escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p class="summary">${inline(operation.summary ?? '')}</p>
${markdown(operation.description)}
<h4>Paramètres</h4>
${parameterTable(document, parameters)}
${body ? `<h4>Corps de la requête</h4><p>Corps : <code>${escapeHtml(body[0])}</code></p>${fieldTable(fieldsOf(document, body[1].schema), 'Champs du corps')}` : ''}
<h4>Exemple</h4>
<pre><code>${escapeHtml(curlOf(base, method, path, parameters))}</code></pre>
<h4>Réponses</h4>
<ul class="responses">${responses.map(([status, response]) => responseBlock(document, status, response)).join('\n')}</ul>
</article>`;
}

/** The page, written once per document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const base = document.servers?.[0]?.url ?? '/api/v1';
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const webhooks = Object.entries(document.webhooks ?? {}).flatMap(([event, methods]) => Object.values(methods).map((operation) => ({ event, operation })));
  const webhooksTag = (document.tags ?? []).find((tag) => tag.name === 'Webhooks');
  const tagNames = [...(document.tags ?? []).map((tag) => tag.name), ...operations.flatMap(({ operation }) => operation.tags ?? [])].filter((name, index, all) => all.indexOf(name) === index);
  const groups = tagNames
    .map((tag) => ({ tag, operations: operations.filter(({ operation }) => (operation.tags ?? [])[0] === tag) }))
    .filter((group) => group.operations.length > 0);
  const untagged = operations.filter(({ operation }) => !operation.tags?.length);
  if (untagged.length) groups.push({ tag: 'Autres opérations', operations: untagged });
  const slug = (tag: string) =>
    `groupe-${tag
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}`;
  const opId = (op: { method: string; path: string; operation: Operation }) => `op-${op.operation.operationId ?? `${op.method}-${op.path}`.replace(/[^\w-]+/g, '-')}`;
  const problem = resolve(document, { $ref: '#/components/schemas/Problem' });

  const toc = `<nav class="toc" aria-label="Sommaire"><h2 class="toc-title">Sommaire</h2><ul>
<li><a href="#introduction">Introduction</a></li>
${groups
  .map(
    (group) =>
      `<li><a href="#${slug(group.tag)}">${escapeHtml(group.tag)}</a><ul>${group.operations
        .map((op) => `<li><a href="#${escapeHtml(opId(op))}"><span class="method method-${escapeHtml(op.method)}">${METHOD_LABELS[op.method] ?? escapeHtml(op.method.toUpperCase())}</span> <span class="toc-summary">${inline(op.operation.summary ?? op.path)}</span></a></li>`)
        .join('')}</ul></li>`,
  )
  .join('\n')}
${
  webhooks.length
    ? `<li><a href="#webhooks">Webhooks</a><ul>${webhooks.map(({ event, operation }) => `<li><a href="#webhook-${escapeHtml(event.replace(/[^\w-]+/g, '-'))}"><span class="method method-post">POST</span> <span class="toc-summary">${inline(operation.summary ?? event)}</span></a></li>`).join('')}</ul></li>`
    : ''
}
<li><a href="#problemes">Erreurs</a></li>
<li><a href="./openapi.json">Document OpenAPI 3.1 (JSON)</a></li>
</ul></nav>`;

  const problems = `<section id="problemes" aria-labelledby="problemes-title"><h2 id="problemes-title">Erreurs</h2>
<p>Chaque erreur répond au format RFC 9457 (<code>application/problem+json</code>). Son <code>type</code> est l’adresse de la section de cette page qui la décrit ; <code>detail</code> est en français et peut être affiché tel quel.</p>
${fieldTable(fieldsOf(document, problem), 'Champs d’une erreur')}
${problem?.example !== undefined ? `<p class="example-title">Exemple d’erreur</p><pre><code>${pretty(problem.example)}</code></pre>` : ''}
${Object.entries(PROBLEM_KINDS)
  .map(
    ([status, kind]) =>
      `<section class="problem" id="probleme-${kind.slug}" aria-labelledby="probleme-${kind.slug}-title"><h3 id="probleme-${kind.slug}-title"><span class="status">${status}</span> ${escapeHtml(kind.title)}</h3><p>${inline(PROBLEM_HELP[Number(status)] ?? '')}</p></section>`,
  )
  .join('\n')}
</section>`;

  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Référence de l’API ReFeed</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${DOCS_STYLESHEET}</style>
</head>
<body>
<a class="skip" href="#contenu">Aller au contenu</a>
<header class="top"><h1>Référence de l’API ReFeed</h1><p>API publique v${escapeHtml(document.info.version)} — authentification par clé (Bearer), réponses JSON, erreurs au format RFC 9457.</p></header>
<div class="layout">
${toc}
<main id="contenu">
<section id="introduction" aria-labelledby="introduction-title"><h2 id="introduction-title">Introduction</h2>
${markdown(document.info.description)}
<p><strong>Adresse de base.</strong> <code>${escapeHtml(base)}</code></p>
</section>
${groups
  .map(
    (group) =>
      `<section id="${slug(group.tag)}" aria-labelledby="${slug(group.tag)}-title"><h2 id="${slug(group.tag)}-title">${escapeHtml(group.tag)}</h2>\n${group.operations.map((op) => operationBlock(document, base, op.method, op.path, op.operation)).join('\n')}</section>`,
  )
  .join('\n')}
${
  webhooks.length
    ? `<section id="webhooks" aria-labelledby="webhooks-title"><h2 id="webhooks-title">Webhooks</h2>\n${markdown(webhooksTag?.description)}\n${webhooks.map(({ event, operation }) => webhookBlock(document, event, operation)).join('\n')}</section>`
    : ''
}
${problems}
</main>
</div>
</body>
</html>
`;
}

/** The page's own rules: readable on a phone first, the table of contents beside the text on a wide screen. */
export const DOCS_STYLESHEET = `*{box-sizing:border-box}
body{margin:0;background:#fafaf9;color:#1c1917;font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
a{color:#9a3412}a:focus-visible{outline:3px solid #f97316;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px}.skip:focus{left:8px;top:8px;z-index:1}
.top{background:#1f2937;color:#fff;padding:16px 20px}.top h1{margin:0;font-size:22px;font-weight:600}.top p{margin:4px 0 0;font-size:14px;color:#d1d5db}
.layout{max-width:1200px;margin:0 auto;padding:16px}
.toc{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:12px 16px;margin-bottom:16px}
.toc-title{font-size:15px;margin:0 0 6px}.toc ul{list-style:none;margin:0;padding:0}.toc ul ul{padding-left:8px;margin:2px 0 8px}
.toc li{margin:3px 0}.toc a{text-decoration:none}.toc a:hover .toc-summary{text-decoration:underline}
main{min-width:0}
main>section{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:4px 16px 16px;margin-bottom:16px}
h2{font-size:21px;margin:16px 0 8px}h3{font-size:17px;margin:0 0 4px}h3 .method,h3 .status{margin-right:6px;vertical-align:1px}h4{font-size:15px;margin:16px 0 6px}
.operation{border-top:1px solid #e7e5e4;padding-top:16px;margin-top:16px}
.summary{font-weight:600;margin:4px 0}
.path{font-size:15px;word-break:break-all}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:#f5f5f4;border-radius:4px;padding:1px 4px}
pre{background:#1c1917;color:#f5f5f4;border-radius:8px;padding:12px;overflow-x:auto;font-size:13px;line-height:1.45}pre code{background:none;padding:0;color:inherit}
.method{display:inline-block;min-width:52px;text-align:center;border-radius:6px;padding:1px 6px;font-size:12px;font-weight:700;color:#fff;background:#2563eb;font-family:ui-monospace,monospace}
.method-post{background:#15803d}.method-put,.method-patch{background:#b45309}.method-delete{background:#b91c1c}
.status{display:inline-block;min-width:40px;border-radius:6px;padding:0 6px;font-weight:700;font-family:ui-monospace,monospace;background:#f5f5f4}
.ok>.status{background:#dcfce7;color:#14532d}.error>.status,.problem .status{background:#fee2e2;color:#7f1d1d}
.responses{list-style:none;padding:0;margin:0}.response{margin:6px 0}.response.ok{padding-bottom:8px}
.media,.example-title{margin:8px 0 4px;font-size:14px;color:#44403c}.example-title{font-weight:600}
.headers{margin:0;padding-left:18px;font-size:14px}
.values{display:block;color:#57534e;font-size:13px;margin-top:2px}
td:last-child{overflow-wrap:anywhere}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:14px;margin:4px 0}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid #e7e5e4;padding:6px 8px}thead th{background:#f5f5f4;font-size:13px}
tbody th{font-weight:400}
.problem{border-top:1px solid #e7e5e4;padding-top:12px;margin-top:12px}.problem p{margin:4px 0}
.problem:target{background:#fff7ed;box-shadow:0 0 0 8px #fff7ed}
@media (max-width:640px){
  .layout{padding:10px}main>section{padding:2px 12px 12px}
  table,thead,tbody,tr,th,td{display:block}thead{position:absolute;left:-9999px}
  tr{border-bottom:1px solid #e7e5e4;padding:6px 0}th,td{border:0;padding:1px 0}
  td[data-label]::before{content:attr(data-label) ' : ';color:#57534e}td:empty{display:none}
}
@media (min-width:1024px){.layout{display:grid;grid-template-columns:280px 1fr;gap:24px;align-items:start}.toc{position:sticky;top:16px;max-height:calc(100vh - 32px);overflow-y:auto;margin:0}}
`;
