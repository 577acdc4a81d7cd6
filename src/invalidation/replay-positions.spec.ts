import { ReplayPositions } from './replay-positions';

const A = 'aaaaaaaa-0000-4000-8000-000000000000';
const B = 'bbbbbbbb-0000-4000-8000-000000000000';

const byOrganization = (positions: ReplayPositions) => {
  const { organizationIds, seqs } = positions.columns();
  return Object.fromEntries(organizationIds.map((id, i) => [id, seqs[i]]));
};

describe('ReplayPositions', () => {
  it("keeps each organisation's own position: B's later seq does not move A past its earlier one", () => {
    const positions = new ReplayPositions();
    positions.advance(A, 9n);
    positions.advance(B, 11n);
    expect(byOrganization(positions)).toEqual({ [A]: '9', [B]: '11' });
  });

  it('never moves a position back, whatever order loads finish in', () => {
    const positions = new ReplayPositions();
    positions.advance(A, 12n);
    positions.advance(A, 10n);
    expect(byOrganization(positions)).toEqual({ [A]: '12' });
  });

  it('names no organisation it has not seen, whose every event is still to deliver', () => {
    expect(new ReplayPositions().columns()).toEqual({ organizationIds: [], seqs: [] });
  });

  it('carries seqs past 2^53 exactly', () => {
    const positions = new ReplayPositions();
    positions.advance(A, 9_007_199_254_740_993n);
    expect(byOrganization(positions)).toEqual({ [A]: '9007199254740993' });
  });
});
