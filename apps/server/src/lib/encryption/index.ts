// The data keys and sealing of 'Standard' encryption at rest. A server reads its keys once into
// app.keyring (loadKeyring), which rows and files alike are sealed under and the key-watch plugin
// updates after a rotation; the admin commands read them for their own run.
export * from './file-stream.ts';
export * from './key-registry.ts';
export * from './keyring.ts';
export * from './reseal.ts';
export * from './seal.ts';
export * from './seal-failure.ts';
export * from './secret-text.ts';
