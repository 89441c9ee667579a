import { describe, expect, it } from 'vitest';
import { renderDocsPage, type OpenApiDocument } from './docs';

const hostile = '<img src=x onerror=alert(1)> & "quotes"';
const document: OpenApiDocument = {
  info: { title: 'T', version: '1', description: `**Gras** et \`code\`\n\nDeuxième paragraphe ${hostile}` },
  servers: [{ url: 'https://exemple.fr/api/v1' }],
  tags: [{ name: 'Avis' }],
  components: {
    schemas: {
      Item: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, note: { type: ['integer', 'null'], minimum: 1, maximum: 5, description: hostile }, owner: { $ref: '#/components/schemas/Owner' } },
        required: ['id'],
      },
      Owner: { type: 'object', properties: { email: { type: ['string', 'null'] } }, required: ['email'] },
      Page: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } } }, required: ['data'] },
    },
  },
  paths: {
    '/items/{itemId}': {
      get: {
        operationId: 'getItem',
        tags: ['Avis'],
        summary: `Lire ${hostile}`,
        parameters: [
          { name: 'itemId', in: 'path', required: true, schema: { type: 'string', format: 'uuid', example: 'abc' } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['new', 'done'], default: 'new' } },
        ],
        responses: { '200': { description: 'La page.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' }, example: { data: [{ id: hostile }] } } } }, '404': { description: 'Introuvable.' } },
      },
    },
  },
};

describe('renderDocsPage', () => {
  const html = renderDocsPage(document);

  it('escapes every text of the document, then applies its light Markdown', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<p><strong>Gras</strong> et <code>code</code></p>');
    expect(html).not.toMatch(/<script/i);
  });

  it('describes types, values and nested fields in French words', () => {
    expect(html).toContain('<code>data[].owner.email</code>');
    expect(html).toContain('entier de 1 à 5 ou null');
    expect(html).toContain('chaîne (UUID)');
    expect(html).toContain('Valeurs : <code>new</code>, <code>done</code>.');
    expect(html).toContain('Par défaut : <code>new</code>.');
    // The curl line takes the path parameter's example.
    expect(html).toContain('&quot;https://exemple.fr/api/v1/items/abc&quot;');
    // An error status links to its problem section.
    expect(html).toMatch(/<span class="status">404<\/span> Introuvable\. <a href="#probleme-introuvable">/);
  });
});
