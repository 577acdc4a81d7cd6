import type { AppServices } from '../app-services';
import { byId } from '../common/loaders';
import { ChannelEntity } from './channel.entity';

export function catalogueLoaders(services: AppServices, organizationId: string) {
  return { channel: byId(services.db.dataSource, organizationId, ChannelEntity) };
}
