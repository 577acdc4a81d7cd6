import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { ChannelEntity } from './channel.entity';
import { ContextObjectEntity } from './context-object.entity';

export class CatalogueService {
  constructor(private readonly db: DataSource) {}

  channels(actor: Actor) {
    return this.db.manager.find(ChannelEntity, { where: { organizationId: actor.organizationId }, order: { key: 'ASC' } });
  }

  contextObjects(actor: Actor) {
    return this.db.manager.find(ContextObjectEntity, { where: { organizationId: actor.organizationId }, order: { key: 'ASC' } });
  }

  createChannel(actor: Actor, input: { key: string; name: string }) {
    return this.db.manager.save(this.db.manager.create(ChannelEntity, { ...input, organizationId: actor.organizationId }));
  }

  createContextObject(actor: Actor, input: { key: string; name: string }) {
    return this.db.manager.save(this.db.manager.create(ContextObjectEntity, { ...input, organizationId: actor.organizationId }));
  }
}
