import type { Database } from '../db/database';
import { byId } from '../common/loaders';
import { ChannelEntity } from './channel.entity';

export function catalogueLoaders(services: { db: Database }, organizationId: string) {
  return { channel: byId(services.db.dataSource, organizationId, ChannelEntity) };
}
