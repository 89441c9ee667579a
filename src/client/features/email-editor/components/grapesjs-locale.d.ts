// GrapesJS ships its locales as plain ES modules without type declarations.
declare module 'grapesjs/locale/fr.mjs' {
  const messages: Record<string, unknown>;
  export default messages;
}
