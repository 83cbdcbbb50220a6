/**
 * The API's answers, one schema each: the server's presenters return these types, the OpenAPI document
 * (api/openapi) publishes these schemas, and the web app imports the types only (`import type`), so its bundle
 * carries none of this code and a change to an answer's shape fails the web app's typecheck.
 */
export * from './account-answers';
export * from './admin-answers';
export * from './checker-answers';
export * from './health-answers';
export * from './official-result-answers';
export * from './privacy-answers';
export { recordOf } from './record';
export * from './scorecard-answers';
export * from './error-answer';
export * from './dispute-answers';
