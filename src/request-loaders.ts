import type { AppServices } from './app-services';
import { agentLoaders } from './agents/agent.loaders';
import { catalogueLoaders } from './catalogue/catalogue.loaders';
import { conversationLoaders } from './conversations/conversation.loaders';
import { invalidationLoaders } from './invalidation/invalidation.loaders';
import { organizationLoaders } from './organizations/organization.loaders';
import { toolboxLoaders } from './toolbox/toolbox.loaders';
import { toolLoaders } from './tools/tool.loaders';

/** Every loader of one request (see common/loaders.ts), each declared beside its domain. */
export function createLoaders(services: AppServices, organizationId: string) {
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
