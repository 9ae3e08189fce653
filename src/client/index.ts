export * from './errors';
export * from './http';
export * from './platform-client';
export * from './data-api-base';
export * from './scim-client';
export * from './token-manager';
export * from './core-data-client';
