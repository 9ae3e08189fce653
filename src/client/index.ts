import { z } from 'zod';

// The pane's Content-Security-Policy forbids `eval`: zod would probe `new Function` (a reported CSP violation)
// before falling back to what this setting asks for at once.
z.config({ jitless: true });

export * from './errors';
export * from './http';
export * from './fetch-like';
export * from './platform-client';
export * from './data-api-base';
export * from './scim-client';
export * from './token-manager';
export * from './core-data-client';
export * from './chat-errors';
export * from './chat-client';
export * from './until-aborted';
