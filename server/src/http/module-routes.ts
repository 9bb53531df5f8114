import type { FastifyInstance, FastifyPluginOptions } from 'fastify';

/**
 * A module's routes plugin, with what it takes from what the app gives (its services, the site's
 * folders): the wiring lists these and registers each in its own encapsulated scope.
 */
export interface ModuleRoutes<Given> {
  register(app: FastifyInstance, given: Given): PromiseLike<unknown>;
}

/** Declares a module's routes: the plugin, and its options made from what the app gives. */
export function moduleRoutes<Given, Options extends FastifyPluginOptions>(
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  options: (given: Given) => Options,
): ModuleRoutes<Given> {
  return { register: (app, given) => app.register(plugin, options(given)) };
}

/** Registers each module's routes in turn, in the order listed. */
export async function registerModules<Given>(
  app: FastifyInstance,
  modules: readonly ModuleRoutes<Given>[],
  given: Given,
): Promise<void> {
  for (const module of modules) await module.register(app, given);
}
