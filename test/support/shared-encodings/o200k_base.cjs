// The worker's one copy of the vocabulary (test/support/jest-environment.cjs).
module.exports = globalThis.loadoutSharedEncoding('o200k_base');
