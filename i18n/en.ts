import enCore from './en.core';
import { enRestDomains } from './en.rest';
import { mergeMessages } from './merge';

/**
 * English is the default and the fallback language. Each domain's messages:
 * `i18n/<domain>/en.ts`. The back office loads it in two parts (en.core.ts with its shell, en.rest.ts
 * with the later screens); this whole is what the other languages are held to and the tests use.
 */
const en = mergeMessages(enCore, enRestDomains);
export default en;
