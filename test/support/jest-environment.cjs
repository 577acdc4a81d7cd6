// Jest's node environment, and one thing more: the tokenizer's vocabularies
// are loaded once per worker, outside the files' module registries, and
// lent to every file that asks for them (through the shims jest.config.js
// maps gpt-tokenizer's encodings to). A vocabulary is half a second of
// processor time to evaluate and holds no state a file could leave behind,
// so a file sees the very module it would have loaded itself.
const { TestEnvironment } = require('jest-environment-node');

// Which names are lent is jest.config.js's mapping; a second list here would only drift from it.
const sharedEncoding = (name) => require(`gpt-tokenizer/encoding/${name}`);

class LoadoutTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.loadoutSharedEncoding = sharedEncoding;
  }
}

module.exports = LoadoutTestEnvironment;
