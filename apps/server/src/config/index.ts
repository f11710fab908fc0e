export { loadConfig, maskUrl, ConfigError } from './config.js';
export type { AppConfig, DatabaseConfig, Env, NodeEnv, TelegramConfig } from './config.js';
