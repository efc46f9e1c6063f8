export * from './claim-check';
export * from './errors';
export * from './run-event';
export * from './serp-capture';
export * from './settings';
export * from './source';
export * from './verdict';
