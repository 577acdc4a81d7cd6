import { formatProblem, modelCalledId, priceCandidates, pricedModelPattern } from './model-called';

describe('the model called', () => {
  it('takes the usage format’s provider where the answer names none, and drops Gemini’s models/', () => {
    expect(modelCalledId('ANTHROPIC', 'claude-sonnet-4-5-20250929', 'f')).toEqual({ id: 'anthropic/claude-sonnet-4-5-20250929' });
    expect(modelCalledId('OPENAI_CHAT', ' gpt-4o-2024-08-06 ', 'f')).toEqual({ id: 'openai/gpt-4o-2024-08-06' });
    expect(modelCalledId('GEMINI', 'models/gemini-2.5-flash', 'f')).toEqual({ id: 'google/gemini-2.5-flash' });
    expect(modelCalledId('OPENAI_RESPONSES', 'openai/gpt-5', 'f')).toEqual({ id: 'openai/gpt-5' });
  });

  it('refuses a model of another provider than the usage object’s, and an empty or overlong name, at the field given', () => {
    expect(modelCalledId('GEMINI', 'anthropic/claude-opus-4-1', 'providerUsage.model')).toEqual({
      problem: { field: 'providerUsage.model', message: 'names a model of anthropic, but GEMINI usage objects come from google' },
    });
    expect(modelCalledId('ANTHROPIC', '  ', 'm')).toEqual({ problem: { field: 'm', message: 'must be 1 to 200 characters' } });
    expect(modelCalledId('ANTHROPIC', 'x'.repeat(201), 'm')).toHaveProperty('problem.field', 'm');
  });

  it('refuses, without a model called, a usage object of another provider than the turn’s model; any goes with another vendor', () => {
    expect(formatProblem('GEMINI', 'openai/gpt-4o', 'providerUsage.format')).toMatchObject({ field: 'providerUsage.format' });
    expect(formatProblem('OPENAI_CHAT', 'anthropic/claude-sonnet-4-5', 'x')).not.toBeNull();
    expect(formatProblem('ANTHROPIC', 'anthropic/claude-sonnet-4-5', 'x')).toBeNull();
    expect(formatProblem('GEMINI', 'google/gemini-2.5-pro', 'x')).toBeNull();
    expect(formatProblem('OPENAI_CHAT', 'mistral/large', 'x')).toBeNull();
    expect(formatProblem('ANTHROPIC', 'gpt-4o', 'x')).toBeNull();
  });
});

describe('which price prices a model', () => {
  it('is its own first, then that of the model its dated snapshot belongs to, each also without the provider', () => {
    expect(priceCandidates('anthropic/claude-sonnet-4-5-20250929')).toEqual([
      'anthropic/claude-sonnet-4-5-20250929',
      'anthropic/claude-sonnet-4-5',
      'claude-sonnet-4-5-20250929',
      'claude-sonnet-4-5',
    ]);
    expect(priceCandidates('openai/gpt-4o-2024-08-06')).toContain('openai/gpt-4o');
    expect(priceCandidates('google/gemini-1.5-flash-001')).toContain('google/gemini-1.5-flash');
    // A version that is not a date or a snapshot number names another model.
    expect(priceCandidates('openai/gpt-4o-mini')).toEqual(['openai/gpt-4o-mini', 'gpt-4o-mini']);
    expect(priceCandidates('anthropic/claude-sonnet-4-5')).toEqual(['anthropic/claude-sonnet-4-5', 'claude-sonnet-4-5']);
  });

  it('is matched, when a price is set later, by a pattern that agrees with the candidates', () => {
    const models = [
      'anthropic/claude-sonnet-4-5',
      'anthropic/claude-sonnet-4-5-20250929',
      'anthropic/claude-sonnet-4',
      'openai/gpt-4o',
      'openai/gpt-4o-2024-08-06',
      'openai/gpt-4o-mini',
      'gpt-4o',
      'google/gemini-1.5-flash-001',
      'openai/gpt.4o',
    ];
    for (const priced of ['anthropic/claude-sonnet-4-5', 'openai/gpt-4o', 'gpt-4o', 'claude-sonnet-4', 'google/gemini-1.5-flash']) {
      const pattern = new RegExp(pricedModelPattern(priced));
      for (const model of models)
        expect({ priced, model, matches: pattern.test(model) }).toEqual({
          priced,
          model,
          matches: priceCandidates(model).includes(priced),
        });
    }
  });
});
