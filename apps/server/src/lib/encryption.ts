// The data keys and sealing of 'Standard' encryption at rest. A server reads its keys once into
// app.keyring (loadKeyring), which rows and files alike are sealed under and the key-watch plugin
// updates after a rotation; the admin commands read them for their own run.
export * from './encryption/file-stream.ts';
export * from './encryption/key-registry.ts';
export * from './encryption/keyring.ts';
export * from './encryption/reseal.ts';
export * from './encryption/seal.ts';
export * from './encryption/seal-failure.ts';
export * from './encryption/secret-text.ts';
