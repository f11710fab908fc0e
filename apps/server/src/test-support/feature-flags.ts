import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_CONFIG_KEY,
  type FeatureFlags,
} from '@gatehouse/contract/feature-flags';
import type { App } from '../app.js';

/** Tests: store `feature_flags` as an operator would (the defaults with `changes` on top). */
export async function setFeatureFlags(app: App, changes: Partial<FeatureFlags>): Promise<void> {
  await app.db
    .updateTable('web_config')
    .set({ value: JSON.stringify({ ...DEFAULT_FEATURE_FLAGS, ...changes }), updated_at: Date.now() })
    .where('name', '=', FEATURE_CONFIG_KEY.FEATURE_FLAGS)
    .execute();
}
