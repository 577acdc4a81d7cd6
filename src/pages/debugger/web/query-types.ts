import type { DebuggerAgentsQuery, DebuggerConversationQuery } from './generated/graphql';

/** The shapes the page's queries read, named once for every part of the page. */
export type Conversation = NonNullable<DebuggerConversationQuery['conversation']>;
export type Turn = Conversation['turns']['edges'][number]['node'];
export type Page = Conversation['page'];
export type Tool = Turn['toolbox']['tools'][number];
export type DroppedTool = Turn['toolbox']['dropped'][number];
export type Rule = Conversation['agent']['permissionRules'][number];
export type Organization = DebuggerAgentsQuery['me']['organization'];
export type ListedAgent = DebuggerAgentsQuery['agents'][number];
