export * from './email';
export * from './names';
export * from './password';
export * from './phone';
export * from './postcode';
