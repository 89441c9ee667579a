/** The English pages' links (issue #53): shared with the server, whose emails to an English owner link the same way. */
export { LANG_PARAM, withLang } from '../../../shared/rules/lang-link';
