// The worker's one copy of the vocabulary (test/support/jest-environment.cjs).
module.exports = globalThis.loadoutSharedEncoding('cl100k_base');
