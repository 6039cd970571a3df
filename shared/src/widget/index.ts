/** Pure widget logic (SPEC §2, §4, §5, §8, §9): runs in the browser, a service worker and Node. */
export * from './url-codec';
export * from './instances';
export * from './history-state';
export * from './history-schemas';
export * from './price';
export * from './i18n';
export * from './suggestions';
export * from './events';
export * from './toast';
export * from './constants';
export { utf8ToBase64, base64ToUtf8 } from './base64';
export * from './client';
export * from './response-schemas';
