// Writes the extract of Stripe's published OpenAPI description (github.com/stripe/openapi, openapi/spec3.yaml
// or spec3.json) that the fake Stripe server's contract test reads: the operations ReFeed calls, their
// request bodies and 200 answers, and every component schema they reach. Usage:
//   node scripts/stripe-openapi-extract.mjs <spec3.yaml|spec3.json> <out.json> [commit]
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

export const OPERATIONS = [
  ['get', '/v1/products/{id}'],
  ['post', '/v1/products'],
  ['post', '/v1/products/{id}'],
  ['get', '/v1/prices'],
  ['post', '/v1/prices'],
  ['post', '/v1/customers'],
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/subscriptions/{subscription_exposed_id}'],
  ['post', '/v1/billing_portal/sessions'],
];

const [source, out, commit = 'unknown'] = process.argv.slice(2);
const text = readFileSync(source, 'utf8');
const spec = source.endsWith('.json') ? JSON.parse(text) : parse(text);
const paths = {};
const wanted = new Set(['event']);
const collect = (node) => {
  if (Array.isArray(node)) node.forEach(collect);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') wanted.add(value.replace('#/components/schemas/', ''));
      else collect(value);
    }
  }
};
for (const [method, route] of OPERATIONS) {
  const operation = spec.paths[route]?.[method];
  if (!operation) throw new Error(`${method} ${route} is not in the spec`);
  const { description: _d, ...kept } = operation;
  paths[route] = { ...paths[route], [method]: { operationId: kept.operationId, parameters: kept.parameters, requestBody: kept.requestBody, responses: { 200: kept.responses['200'] } } };
  collect(paths[route][method]);
}
const schemas = {};
const queue = [...wanted];
while (queue.length) {
  const name = queue.shift();
  if (schemas[name]) continue;
  const schema = spec.components.schemas[name];
  if (!schema) throw new Error(`schema ${name} missing`);
  schemas[name] = schema;
  const before = new Set(wanted);
  collect(schema);
  for (const found of wanted) if (!before.has(found)) queue.push(found);
}
const strip = (node) => {
  if (Array.isArray(node)) return node.map(strip);
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'description').map(([key, value]) => [key, strip(value)]));
  return node;
};
writeFileSync(
  out,
  JSON.stringify({ source: 'https://github.com/stripe/openapi openapi/' + source.split('/').pop(), commit, version: spec.info.version, openapi: spec.openapi, paths: strip(paths), components: { schemas: strip(schemas) } }),
);
console.log(`${Object.keys(paths).length} paths, ${Object.keys(schemas).length} schemas, API version ${spec.info.version}`);
