// How swc compiles src/ and test/, for `npm run build` (scripts/build.mjs) and for jest alike:
// tsconfig.json's emit (ES2022, CommonJS, legacy decorators with the metadata type-graphql and typeorm read).
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
