export * from './schemas/index';
export * from './domain/index';
export * from './client/index';
export { da } from './messages/da';
export { daErrors } from './messages/da-errors';
export { NO_SEARCH_RESULTS, SOMETHING_WENT_WRONG } from './messages/common-texts';
