/**
 * The API's answers, one schema each: the server's presenters return these types, the OpenAPI document
 * (api/openapi) publishes these schemas, and the web app imports the types only (`import type`), so its bundle
 * carries none of this code and a change to an answer's shape fails the web app's typecheck.
 */
export * from './accounts';
export * from './admin';
export * from './checker';
export * from './health';
export * from './official-results';
export { recordOf } from './record';
export * from './scorecard';
export * from './error';
