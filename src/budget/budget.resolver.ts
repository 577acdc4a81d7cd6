import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { ToolBudgetReportType } from './budget.types';

@Resolver()
export class BudgetResolver {
  @Authorized('VIEWER')
  @Query(() => ToolBudgetReportType, {
    description:
      "projectId null: the no-project scope. The usage evidence is one end user's (counters are per user, project and tool): userId's, or with userId null the caller's own (its principal id), so a runtime that records calls for an end user reads them with that userId. asOf null: now.",
  })
  toolBudget(
    @Arg('projectId', () => ID, {
      nullable: true,
      description:
        "The scope's project; null: the agent's, else the no-project scope. With agentId, another project than the agent's is BAD_USER_INPUT.",
    })
    projectId: string | null,
    @Arg('agentId', () => ID, { nullable: true, description: "Apply this agent's scope, rules, model and thresholds; null: none." })
    agentId: string | null,
    @Arg('sessionId', () => ID, { nullable: true, description: 'Echoed; changes nothing.' }) sessionId: string | null,
    @Arg('userId', () => String, {
      nullable: true,
      description: 'The end user whose usage evidence is read, 1 to 256 characters; null: the caller.',
    })
    userId: string | null,
    @Arg('asOf', () => Date, {
      nullable: true,
      description: "Evaluate as of this instant; null: now. Before the call log's horizon: BAD_USER_INPUT.",
    })
    asOf: Date | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.budget.report(actorOf(ctx), { projectId, agentId, sessionId, userId, asOf });
  }
}
