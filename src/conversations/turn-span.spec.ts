import { splitModel } from './turn-span';

describe("a turn span's provider and model", () => {
  it.each([
    ['openai/gpt-4o', { provider: 'openai', name: 'gpt-4o' }],
    ['anthropic/claude-sonnet-4-5-20250929', { provider: 'anthropic', name: 'claude-sonnet-4-5-20250929' }],
    ['google/gemini-2.5-pro', { provider: 'gcp.gen_ai', name: 'gemini-2.5-pro' }],
    ['Mistral/mistral-large', { provider: 'mistral', name: 'mistral-large' }],
    ['house-model', { provider: '_OTHER', name: 'house-model' }],
  ])('reads %s as the GenAI conventions name it', (model, expected) => {
    expect(splitModel(model)).toEqual(expected);
  });
});
