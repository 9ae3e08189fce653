import type { DataSource } from '../ports/data-source';
import type { PlacementDeps } from './placement-deps';
import type { PlacementService } from './placement-service';

/**
 * A signed-in workspace's parts, as the composition root (`pane/workspace.ts`) wires them: the ports' adapters,
 * the report runner, the one write pipeline, and the placement use cases over them. The builder and the chat get
 * the parts they use from here, by name.
 */
export interface Workspace extends PlacementDeps {
  data: DataSource;
  placements: PlacementService;
}
