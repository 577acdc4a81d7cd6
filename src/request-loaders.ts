import { agentLoaders } from './agents/agent.loaders';
import { catalogueLoaders } from './catalogue/catalogue.loaders';
import { conversationLoaders } from './conversations/conversation.loaders';
import { invalidationLoaders } from './invalidation/invalidation.loaders';
import { organizationLoaders } from './organizations/organization.loaders';
import { toolboxLoaders } from './toolbox/toolbox.loaders';
import { toolLoaders } from './tools/tool.loaders';

/** What the loaders read through: the services each domain's loaders name. */
export type LoaderServices = Parameters<typeof organizationLoaders>[0] &
  Parameters<typeof catalogueLoaders>[0] &
  Parameters<typeof agentLoaders>[0] &
  Parameters<typeof toolLoaders>[0] &
  Parameters<typeof toolboxLoaders>[0] &
  Parameters<typeof conversationLoaders>[0] &
  Parameters<typeof invalidationLoaders>[0];

/** Every loader of one request (see common/loaders.ts), each declared beside its domain. */
export function createLoaders(services: LoaderServices, organizationId: string) {
  return {
    ...organizationLoaders(services, organizationId),
    ...catalogueLoaders(services, organizationId),
    ...agentLoaders(services, organizationId),
    ...toolLoaders(services, organizationId),
    ...toolboxLoaders(services, organizationId),
    ...conversationLoaders(services, organizationId),
    ...invalidationLoaders(services, organizationId),
  };
}

export type RequestLoaders = ReturnType<typeof createLoaders>;
