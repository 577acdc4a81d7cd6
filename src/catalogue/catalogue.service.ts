import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { conflict } from '../common/errors';
import type { LoadoutChanges } from '../invalidation/loadout-change';
import { ChannelEntity } from './channel.entity';
import { ContextObjectEntity } from './context-object.entity';

export class CatalogueService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
  ) {}

  channels(actor: Actor) {
    return this.db.manager.find(ChannelEntity, { where: { organizationId: actor.organizationId }, order: { key: 'ASC' } });
  }

  contextObjects(actor: Actor) {
    return this.db.manager.find(ContextObjectEntity, { where: { organizationId: actor.organizationId }, order: { key: 'ASC' } });
  }

  /** A new channel adds situations but changes no toolbox: announced for the caches, no invalidation. */
  createChannel(actor: Actor, input: { key: string; name: string }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      // The change holds the organisation's row lock, so this check cannot race another create.
      if (await tx.exists(ChannelEntity, { where: { organizationId: actor.organizationId, key: input.key } }))
        throw conflict(`A channel with key '${input.key}' already exists`, 'input.key');
      return tx.save(tx.create(ChannelEntity, { ...input, organizationId: actor.organizationId }));
    });
  }

  createContextObject(actor: Actor, input: { key: string; name: string }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      if (await tx.exists(ContextObjectEntity, { where: { organizationId: actor.organizationId, key: input.key } }))
        throw conflict(`A context object with key '${input.key}' already exists`, 'input.key');
      return tx.save(tx.create(ContextObjectEntity, { ...input, organizationId: actor.organizationId }));
    });
  }
}
