export * from './request';
export * from './api-client';
