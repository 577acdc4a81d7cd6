import { cloneOrganization } from '../bulk-seed';
import { figure, joinNotes, type Figure } from '../figures';
import { fetchWithTimeout, GraphQLClient } from '../http';
import { lastServerError, withHello, withLoadout } from '../instance';
import { failuresOf, type LoadResult } from '../load-spec';
import { graphqlLoad } from '../load';
import type { Options } from '../options';
import { progress } from '../progress';
import { Prng } from '../prng';
import { TOOLBOX_QUERY, type LoadPlan, type OrganizationPlan } from '../request-bodies';
import { RssSampler } from '../rss';
import { median } from '../stats';
import { createAgents, createToolsInChangeSets, setUpOrganization } from '../world';

const S = 'organizations';

/** A gauge or counter of the server's /metrics (read from this host, which needs no token). */
async function metric(baseUrl: string, name: string): Promise<number | null> {
  const text = await (await fetchWithTimeout(`${baseUrl}/metrics`, {}, 5_000)).text();
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

/** Concurrent requests of the pass that reads every organisation once. */
const FIRST_PASS_CONNECTIONS = 10;

/**
 * One toolbox of every organisation, in a random order: after it the cache
 * holds what a running instance holds, the organisations it evicted since
 * included. First reads after a restart are the coldOrganization row's.
 */
async function readEachOnce(graphqlUrl: string, organizations: readonly OrganizationPlan[], channel: string, seed: number): Promise<void> {
  const order = new Prng(seed).sample(organizations, organizations.length);
  const next = async (): Promise<void> => {
    for (let org = order.pop(); org; org = order.pop()) {
      await new GraphQLClient(graphqlUrl, org.key).ok(TOOLBOX_QUERY, { a: org.agentIds[0], c: channel, p: null });
    }
  };
  await Promise.all(Array.from({ length: FIRST_PASS_CONNECTIONS }, next));
}

/**
 * Many organisations on one instance with its default loadout cache budget:
 * one built through the API, the rest copied from it with SQL, each read
 * once, then toolbox reads spread over them with a Zipf popularity (each
 * request with the key of the organisation it reads), against the hello
 * baseline.
 */
export async function organizationsScenario(options: Options): Promise<Figure[]> {
  const { organizations: sizes, rounds, loadSeconds } = options.sizes;
  return withLoadout(options, (loadout) =>
    withHello(async (hello) => {
      if (!loadout.db.url) throw new Error('the many-organisations world is copied with SQL: run on the PostgreSQL server');
      progress(S, `building the first organisation (${sizes.tools} tools, ${sizes.agents} agents)`);
      const template = await setUpOrganization(loadout.graphqlUrl, loadout.operatorToken, {
        channels: 1,
        contextObjects: 0,
        agents: sizes.agents,
        // The pinned tool is the last of them.
        tools: sizes.tools - 1,
        seed: options.seed,
      });
      await createToolsInChangeSets(template, template.tools);
      await createAgents(template, sizes.agents);
      progress(S, `copying it ${sizes.count - 1} times with SQL`);
      const organizations = await cloneOrganization(loadout.db.url, template, sizes.count - 1);
      const plan: LoadPlan = { kind: 'organizations', organizations, zipfExponent: sizes.zipfExponent, channels: template.channels };
      const load = (seconds: number, seed: number) => ({ connections: sizes.connections, seconds, seed });
      progress(S, `reading each organisation once`);
      await readEachOnce(loadout.graphqlUrl, organizations, template.channels[0], options.seed);
      await graphqlLoad(`${hello.baseUrl}/`, null, { kind: 'hello' }, load(1, 0));
      await graphqlLoad(loadout.graphqlUrl, null, plan, load(1, 0));
      await loadout.db.settle();

      const helloRuns: LoadResult[] = [];
      const runs: LoadResult[] = [];
      let serverRss = 0;
      let helloRss = 0;
      for (let round = 1; round <= rounds; round++) {
        progress(S, `round ${round}/${rounds}`);
        const helloSampler = new RssSampler(hello.pid);
        helloRuns.push(await graphqlLoad(`${hello.baseUrl}/`, null, { kind: 'hello' }, load(loadSeconds, round)));
        helloRss = Math.max(helloRss, helloSampler.stop());
        const sampler = new RssSampler(loadout.server.pid);
        runs.push(await graphqlLoad(loadout.graphqlUrl, null, plan, load(loadSeconds, round)));
        serverRss = Math.max(serverRss, sampler.stop());
        await loadout.db.settle();
      }
      const base = loadout.server.baseUrl;
      const [cached, bytes, evictions, hits, misses] = await Promise.all(
        [
          'loadout_loadout_cache_organizations',
          'loadout_loadout_cache_bytes',
          'loadout_loadout_cache_evictions_total',
          'loadout_loadout_cache_hits_total',
          'loadout_loadout_cache_misses_total',
        ].map((name) => metric(base, name)),
      );
      const cacheNote = `cache at the end: ${cached} organisations, ${((bytes ?? 0) / 2 ** 20).toFixed(0)} MB estimated, ${evictions} evictions, hit rate ${(((hits ?? 0) / ((hits ?? 0) + (misses ?? 0) || 1)) * 100).toFixed(1)}%`;
      const sample = runs.find((r) => r.sampleFailure)?.sampleFailure;
      const world = `${sizes.count.toLocaleString('en-US')} orgs × ${sizes.tools} tools, ${sizes.agents} agents, Zipf ${sizes.zipfExponent}`;
      return [
        figure({
          scenario: S,
          name: `toolbox req/s, ${world}, ${sizes.connections} conn (baseline: hello)`,
          unit: 'req/s',
          value: median(runs.map((r) => r.okPerSecond)),
          baseline: median(helloRuns.map((r) => r.okPerSecond)),
          target: { on: 'ratio', op: '>=', bound: 0.3 },
          note: cacheNote,
        }),
        figure({
          scenario: S,
          name: `toolbox failed responses, ${world}, all rounds`,
          unit: '',
          value: runs.reduce((n, r) => n + failuresOf(r), 0),
          baseline: helloRuns.reduce((n, r) => n + failuresOf(r), 0),
          target: { on: 'value', op: '=', bound: 0 },
          note: joinNotes(sample && `toolbox: ${sample}`, sample && lastServerError(loadout.server)),
        }),
        figure({
          scenario: S,
          name: `server peak RSS, ${world}, default cache budget (baseline: hello)`,
          unit: 'MB',
          value: serverRss,
          baseline: helloRss,
          target: { on: 'value', op: '<', bound: 400 },
        }),
      ];
    }),
  );
}
