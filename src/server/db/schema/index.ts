export * from './users';
export * from './sessions';
export * from './business-units';
export * from './form-fields';
export * from './prompts';
export * from './catalog';
export * from './download-tickets';
