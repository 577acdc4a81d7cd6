import type { DataSource, DeepPartial, FindOptionsWhere } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, conflict } from '../common/errors';
import { CATALOGUE_KEYS_MAX } from '../common/validation';
import type { LoadoutChanges } from '../loadout/edge';
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
    return this.createKeyed(actor, ChannelEntity, 'channel', input);
  }

  createContextObject(actor: Actor, input: { key: string; name: string }) {
    return this.createKeyed(actor, ContextObjectEntity, 'context object', input);
  }

  /**
   * Counted and checked under the change's organisation row lock, so
   * concurrent creates can neither pass the cap together nor take one key twice.
   */
  private createKeyed<E extends ChannelEntity | ContextObjectEntity>(
    actor: Actor,
    entity: new () => E,
    label: string,
    input: { key: string; name: string },
  ): Promise<E> {
    return this.changes.write(actor.organizationId, async (tx) => {
      const organizationId = actor.organizationId;
      if ((await tx.count(entity, { where: { organizationId } as FindOptionsWhere<E> })) >= CATALOGUE_KEYS_MAX) {
        throw badInput('input', `an organisation has at most ${CATALOGUE_KEYS_MAX} ${label}s`);
      }
      if (await tx.exists(entity, { where: { organizationId, key: input.key } as FindOptionsWhere<E> }))
        throw conflict(`A ${label} with key '${input.key}' already exists`, 'input.key');
      return tx.save(tx.create(entity, { ...input, organizationId } as DeepPartial<E>));
    });
  }
}
