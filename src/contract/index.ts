export * from './common';
export * from './cube';
export * from './report';
export * from './user';
export * from './platform';
export * from './scim';
