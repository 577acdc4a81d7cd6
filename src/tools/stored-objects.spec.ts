import type { RequestContext } from '../common/context';
import { LoadoutError } from '../common/errors';
import { storedAgent, storedDefinition, storedDefinitions } from './stored-objects';

/** A request whose loaders know only the rows given, as after a delete that committed while the toolbox was read. */
function requestWith(rows: Record<string, { id: string }>): RequestContext {
  const load = async (id: string) => rows[id] ?? null;
  const loaders = { toolDefinition: { load, loadMany: (ids: string[]) => Promise.all(ids.map(load)) }, agent: { load } };
  return { actor: null, operator: false, services: {} as RequestContext['services'], loaders } as unknown as RequestContext;
}

describe("a toolbox's stored objects", () => {
  const ctx = requestWith({ t1: { id: 't1' }, a1: { id: 'a1' } });

  it('are the rows the loaders read', async () => {
    await expect(storedDefinition(ctx, 't1')).resolves.toEqual({ id: 't1' });
    await expect(storedAgent(ctx, 'a1')).resolves.toEqual({ id: 'a1' });
  });

  it('deleted since the loadout was read: CONFLICT for one the type says is there, left out of a list', async () => {
    await expect(storedDefinition(ctx, 't2')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(storedAgent(ctx, 'a2')).rejects.toBeInstanceOf(LoadoutError);
    await expect(storedDefinitions(ctx, [{ id: 't2' }, { id: 't1' }])).resolves.toEqual([{ id: 't1' }]);
  });
});
