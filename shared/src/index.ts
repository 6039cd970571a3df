export * from './schemas/index';
export * from './domain/index';
export * from './client/index';
export { da } from './messages/da';
export { daErrors } from './messages/da-errors';
