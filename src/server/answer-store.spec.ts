import { alreadyHeld } from './answer-reuse';
import { AnswerStore, type KeptAnswer } from './answer-store';

const source = {};
const actor = {};
const answer = (organizationId: string, body = 'x'.repeat(100)): KeptAnswer => ({
  organizationId,
  source,
  actor,
  keyHash: 'h',
  operation: 'toolbox',
  headers: [],
  body,
  etag: '"e"',
});
/** What one entry of a 1-character key and a 100-character body takes. */
const ENTRY = 2 * (1 + 100) + 512;

describe('AnswerStore', () => {
  it('gives an answer only while it is current, and drops one that is not', () => {
    let current = true;
    const store = new AnswerStore(() => current, { budgetBytes: 10 * ENTRY, maxAnswerBytes: ENTRY });
    store.keep('a', answer('o1'));
    expect(store.get('a')?.organizationId).toBe('o1');
    current = false;
    expect(store.get('a')).toBeUndefined();
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });

  it('keeps no answer larger than its share, and replaces an answer kept for the same request', () => {
    const store = new AnswerStore(() => true, { budgetBytes: 10 * ENTRY, maxAnswerBytes: ENTRY });
    store.keep('a', answer('o1', 'x'.repeat(101)));
    expect(store.size).toBe(0);
    store.keep('a', answer('o1'));
    store.keep('a', answer('o1', 'y'.repeat(100)));
    expect([store.size, store.bytes, store.get('a')?.body[0]]).toEqual([1, ENTRY, 'y']);
  });

  it('makes room from the organisation holding the most, oldest first', () => {
    const store = new AnswerStore(() => true, { budgetBytes: 4 * ENTRY, maxAnswerBytes: ENTRY });
    store.keep('a', answer('small'));
    for (const key of ['b', 'c', 'd']) store.keep(key, answer('flood'));
    store.keep('e', answer('flood'));
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => store.get(k) !== undefined)).toEqual([true, false, true, true, true]);
    // The smaller holder's new answer still evicts the largest's oldest.
    store.keep('f', answer('small'));
    expect(['a', 'c', 'd', 'e', 'f'].map((k) => store.get(k) !== undefined)).toEqual([true, false, true, true, true]);
    expect(store.bytes).toBe(4 * ENTRY);
  });

  it("forgets one organisation's answers, or everyone's", () => {
    const store = new AnswerStore(() => true, { budgetBytes: 10 * ENTRY, maxAnswerBytes: ENTRY });
    store.keep('a', answer('o1'));
    store.keep('b', answer('o2'));
    store.forget('o1');
    expect([store.get('a'), store.get('b')?.organizationId, store.bytes]).toEqual([undefined, 'o2', ENTRY]);
    store.forget(null);
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});

describe('alreadyHeld (If-None-Match)', () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"other", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%s → %s', (header, held) => {
    expect(alreadyHeld(header, '"abc"')).toBe(held);
  });
});
