// Marks a plugin as not encapsulated, so its hooks, decorators and handlers apply to the whole app
// (what the fastify-plugin package does, without depending on it for one line).
import type { FastifyPluginAsync } from 'fastify';

export function globalPlugin<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
