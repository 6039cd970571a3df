export * from './request';
export * from './api-client';
export * from './response-schemas';
