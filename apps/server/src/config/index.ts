export { loadConfig, maskUrl, ConfigError } from './config.js';
export type { AppConfig, DatabaseConfig, Env, NodeEnv } from './config.js';
