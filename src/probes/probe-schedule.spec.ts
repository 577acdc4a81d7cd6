import { nextProbeDelay } from './probe-schedule';

const times = { intervalMs: 300_000, backoffMinMs: 10_000, backoffMaxMs: 1_800_000 };
const middle = () => 0.5;

it('probes a healthy server every interval', () => expect(nextProbeDelay(0, times, middle)).toBe(300_000));

it('backs off from the first retry, doubling, up to the bound', () => {
  expect([1, 2, 3, 4, 8, 12, 60].map((f) => nextProbeDelay(f, times, middle))).toEqual([
    10_000, 20_000, 40_000, 80_000, 1_280_000, 1_800_000, 1_800_000,
  ]);
});

it('moves each delay by at most a tenth either way', () => {
  expect(nextProbeDelay(0, times, () => 0)).toBe(270_000);
  expect(nextProbeDelay(0, times, () => 0.999999)).toBe(330_000);
});
