/**
 * The one contract between islands, the API and the live room, one file per entity: each
 * entity's input schema and its output type. Caps and value lists live in ./limits.ts (with
 * ./values.ts), which islands import without zod.
 */
export * from './limits.ts';
export * from './fields.ts';
export * from './errors.ts';
export * from './media.ts';
export * from './lost-found.ts';
export * from './alerts.ts';
export * from './hours.ts';
export * from './directory.ts';
export * from './help.ts';
export * from './pulse.ts';
export * from './admin.ts';
export * from './pow.ts';
