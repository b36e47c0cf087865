export * from './constants';
export * from './messages';
export * from './validators';
export * from './file-checks';
export * from './edit-mask';
