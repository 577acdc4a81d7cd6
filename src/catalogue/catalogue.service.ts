import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, conflict } from '../common/errors';
import { CATALOGUE_KEYS_MAX } from '../common/validation';
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

  /**
   * A new channel adds situations but changes no toolbox: announced for the caches, no invalidation.
   * Counted under the change's organisation lock, so concurrent creates cannot pass the cap together.
   */
  createChannel(actor: Actor, input: { key: string; name: string }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      if ((await tx.count(ChannelEntity, { where: { organizationId: actor.organizationId } })) >= CATALOGUE_KEYS_MAX) {
        throw badInput('input', `an organisation has at most ${CATALOGUE_KEYS_MAX} channels`);
      }
      // The change holds the organisation's row lock, so this check cannot race another create.
      if (await tx.exists(ChannelEntity, { where: { organizationId: actor.organizationId, key: input.key } }))
        throw conflict(`A channel with key '${input.key}' already exists`, 'input.key');
      return tx.save(tx.create(ChannelEntity, { ...input, organizationId: actor.organizationId }));
    });
  }

  createContextObject(actor: Actor, input: { key: string; name: string }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      if ((await tx.count(ContextObjectEntity, { where: { organizationId: actor.organizationId } })) >= CATALOGUE_KEYS_MAX) {
        throw badInput('input', `an organisation has at most ${CATALOGUE_KEYS_MAX} context objects`);
      }
      if (await tx.exists(ContextObjectEntity, { where: { organizationId: actor.organizationId, key: input.key } }))
        throw conflict(`A context object with key '${input.key}' already exists`, 'input.key');
      return tx.save(tx.create(ContextObjectEntity, { ...input, organizationId: actor.organizationId }));
    });
  }
}
