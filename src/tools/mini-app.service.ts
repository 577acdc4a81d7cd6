import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change';
import { getOwned } from '../common/tenant';
import type { LoadoutChanges } from '../loadout/edge';
import { ProjectEntity } from '../organizations/project.entity';
import { MiniAppEntity } from './mini-app.entity';

/** Mini apps; their tools are definitions of source MINI_APP (ToolDefinitionService). */
export class MiniAppService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
  ) {}

  miniApps(actor: Actor, projectId?: string | null) {
    return this.db.manager.find(MiniAppEntity, {
      where: { organizationId: actor.organizationId, ...(projectId ? { projectId } : {}) },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  async createMiniApp(actor: Actor, input: { name: string; projectId?: string | null; enabled?: boolean | null }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      if (input.projectId) await getOwned(tx, ProjectEntity, actor, input.projectId, 'input.projectId', 'Project');
      return tx.save(
        tx.create(MiniAppEntity, {
          organizationId: actor.organizationId,
          projectId: input.projectId ?? null,
          name: input.name,
          enabled: input.enabled ?? true,
        }),
      );
    });
  }

  setMiniAppEnabled(actor: Actor, id: string, enabled: boolean) {
    return this.changes.run(actor, InvalidationCauseEnum.MINI_APP_CHANGED, async (tx, change) => {
      const app = await getOwned(tx, MiniAppEntity, actor, id, 'id', 'Mini app', true);
      if (app.enabled === enabled) return app;
      await change.affectsScope(app.projectId);
      await tx.update(MiniAppEntity, { id: app.id }, { enabled });
      change.touchOwners();
      return tx.findOneByOrFail(MiniAppEntity, { id: app.id });
    });
  }
}
