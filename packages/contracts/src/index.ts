export * from './errors.js';
export * from './validation.js';
export * from './entities.js';
export * from './query-string.js';
export * from './dates.js';
export * from './flora.js';
export * from './chats.js';
export * from './storable-text.js';
